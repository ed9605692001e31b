import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Lod2Content, Lod2SourceOptions } from './lod2-types.ts';
import { readCityGml } from './read-citygml.ts';
import { readCityJson } from './read-cityjson.ts';

/** File names the LoD2 readers take (each optionally gzipped). */
export const LOD2_FILE_PATTERN = /\.(city\.jsonl|city\.json|jsonl|json|gml|xml)(\.gz)?$/i;

/**
 * Reads one LoD2 file: CityJSON (`.city.json`, `.json`), CityJSONSeq (`.city.jsonl`, `.jsonl`) or
 * CityGML (`.gml`, `.xml`), each also gzipped (`.gz`). CityGML is streamed; CityJSON is one JSON text.
 *
 * @throws Error naming the file when its type is unknown, it cannot be parsed or its CRS is unknown
 */
export async function readLod2File(file: string, options: Lod2SourceOptions = {}): Promise<Lod2Content> {
  const match = LOD2_FILE_PATTERN.exec(file);
  if (!match) throw new Error(`Unknown LoD2 file type: ${file} (use .city.json, .city.jsonl, .gml or .xml, each optionally .gz)`);
  const gzipped = isGzip(file);
  const kind = match[1].toLowerCase();
  if (kind === 'gml' || kind === 'xml') {
    const stream = fs.createReadStream(file);
    const text = (gzipped ? stream.pipe(zlib.createGunzip()) : stream).setEncoding('utf8');
    return readCityGml(text, file, options);
  }
  let bytes: Buffer = fs.readFileSync(file);
  if (gzipped) bytes = zlib.gunzipSync(bytes);
  try {
    return readCityJson(bytes.toString('utf8'), file, options);
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error(`The LoD2 file ${file} is not valid CityJSON: ${error.message}`);
    throw error;
  }
}

/** Whether a file starts with the gzip magic bytes (names may say .gz or not). */
function isGzip(file: string): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return fs.readSync(handle, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    fs.closeSync(handle);
  }
}
