import fs from 'node:fs';
import zlib from 'node:zlib';
import type { OsmRelationMember } from './osm-elements.ts';
import { ProtoReader } from './proto-reader.ts';
import { readOsmFile } from './read-osm-file.ts';

type Tags = Record<string, string>;

/** What a pass over an OpenStreetMap file looks at: only the kinds of element it has a callback for are decoded. */
export interface OsmVisitor {
  /** Every node; `tags` is undefined for the (many) untagged ones. */
  node?(id: number, lon: number, lat: number, tags: Tags | undefined): void;
  way?(id: number, refs: number[], tags: Tags): void;
  relation?(id: number, members: OsmRelationMember[], tags: Tags): void;
}

/** Features a PBF file may require that this reader understands. */
const KNOWN_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes', 'HistoricalInformation']);
const MEMBER_TYPES: OsmRelationMember['type'][] = ['node', 'way', 'relation'];
const utf8 = new TextDecoder();

/**
 * Reads an OpenStreetMap file element by element, calling the visitor's callbacks in file order. A
 * `.osm.pbf` file is read one block at a time (a few megabytes in memory, whatever the file's size);
 * XML and JSON files, meant for small areas, are read whole and given sorted as a PBF extract is
 * (nodes, then ways, then relations, each by id).
 *
 * @param onProgress - called after each block with the bytes read and the file's size
 * @throws Error naming the file when it cannot be read
 */
export function streamOsmFile(file: string, visitor: OsmVisitor, onProgress?: (bytesRead: number, size: number) => void): void {
  if (!/\.pbf$/i.test(file)) {
    const order = { node: 0, way: 1, relation: 2 };
    const elements = readOsmFile(file).sort((a, b) => order[a.type] - order[b.type] || a.id - b.id);
    for (const element of elements) {
      if (element.type === 'node') visitor.node?.(element.id, element.lon, element.lat, element.tags);
      else if (element.type === 'way') visitor.way?.(element.id, element.nodes, element.tags ?? {});
      else visitor.relation?.(element.id, element.members, element.tags ?? {});
    }
    return;
  }
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let position = 0;
    const read = (length: number): Buffer => {
      const buffer = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const got = fs.readSync(fd, buffer, done, length - done, position + done);
        if (got === 0) throw new Error(`Could not read the OpenStreetMap file ${file}: it ends inside a block (truncated download?)`);
        done += got;
      }
      position += length;
      return buffer;
    };
    while (position < size) {
      const header = blobHeader(read(read(4).readUInt32BE(0)));
      const data = blobData(read(header.dataSize), file);
      if (header.type === 'OSMHeader') checkHeader(data, file);
      else if (header.type === 'OSMData') readBlock(data, visitor);
      onProgress?.(position, size);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function blobHeader(bytes: Uint8Array): { type: string; dataSize: number } {
  const reader = new ProtoReader(bytes);
  let type = '';
  let dataSize = 0;
  for (let key = reader.next(); key >= 0; key = reader.next()) {
    if (key >>> 3 === 1) type = utf8.decode(reader.bytesField());
    else if (key >>> 3 === 3) dataSize = reader.varint();
    else reader.skip(key & 7);
  }
  return { type, dataSize };
}

function blobData(bytes: Uint8Array, file: string): Uint8Array {
  const reader = new ProtoReader(bytes);
  for (let key = reader.next(); key >= 0; key = reader.next()) {
    const field = key >>> 3;
    if (field === 1) return reader.bytesField();
    if (field === 3) return zlib.inflateSync(reader.bytesField());
    if (field === 4 || field === 5 || field === 6 || field === 7) throw new Error(`Could not read the OpenStreetMap file ${file}: it uses a compression other than zlib (recompress it with osmium cat)`);
    reader.skip(key & 7);
  }
  return new Uint8Array(0);
}

function checkHeader(data: Uint8Array, file: string): void {
  const reader = new ProtoReader(data);
  for (let key = reader.next(); key >= 0; key = reader.next()) {
    if (key >>> 3 !== 4) {
      reader.skip(key & 7);
      continue;
    }
    const feature = utf8.decode(reader.bytesField());
    if (!KNOWN_FEATURES.has(feature)) throw new Error(`Could not read the OpenStreetMap file ${file}: it requires the PBF feature "${feature}", which this reader does not know`);
  }
}

/** One PrimitiveBlock: its string table, coordinate scale and groups of one element kind each. */
function readBlock(data: Uint8Array, visitor: OsmVisitor): void {
  const reader = new ProtoReader(data);
  let stringTable: ProtoReader | undefined;
  const groups: ProtoReader[] = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  for (let key = reader.next(); key >= 0; key = reader.next()) {
    const field = key >>> 3;
    if (field === 1) stringTable = reader.message();
    else if (field === 2) groups.push(reader.message());
    else if (field === 17) granularity = reader.varint();
    else if (field === 19) latOffset = reader.varint();
    else if (field === 20) lonOffset = reader.varint();
    else reader.skip(key & 7);
  }
  // Coordinates as osmium and osm2pgsql compute them (whole 1e-7 degrees divided once), so every reader agrees to the bit.
  const degrees = granularity === 100 && latOffset === 0 && lonOffset === 0 ? (value: number, _offset: number) => value / 1e7 : (value: number, offset: number) => (offset + granularity * value) / 1e9;
  let strings: string[] | undefined;
  const table = () => (strings ??= readStrings(stringTable));
  const scale = { lat: (v: number) => degrees(v, latOffset), lon: (v: number) => degrees(v, lonOffset) };
  for (const group of groups) {
    const kind = new ProtoReader(group.bytes, group.pos, group.end).next() >>> 3;
    if (kind === 1 && visitor.node) readNodes(group, table(), scale, visitor);
    else if (kind === 2 && visitor.node) readDenseNodes(group, table, scale, visitor);
    else if (kind === 3 && visitor.way) readWays(group, table(), visitor);
    else if (kind === 4 && visitor.relation) readRelations(group, table(), visitor);
  }
}

interface Scale {
  lat: (value: number) => number;
  lon: (value: number) => number;
}

function readStrings(reader: ProtoReader | undefined): string[] {
  const strings: string[] = [];
  if (!reader) return strings;
  for (let key = reader.next(); key >= 0; key = reader.next()) {
    if (key >>> 3 === 1) strings.push(utf8.decode(reader.bytesField()));
    else reader.skip(key & 7);
  }
  return strings;
}

function tagsOf(keys: number[], values: number[], strings: string[]): Tags {
  const tags: Tags = {};
  for (let i = 0; i < keys.length; i++) tags[strings[keys[i]]] = strings[values[i]];
  return tags;
}

function readNodes(group: ProtoReader, strings: string[], scale: Scale, visitor: OsmVisitor): void {
  for (let key = group.next(); key >= 0; key = group.next()) {
    if (key >>> 3 !== 1) {
      group.skip(key & 7);
      continue;
    }
    const node = group.message();
    let id = 0, lat = 0, lon = 0;
    const keys: number[] = [];
    const values: number[] = [];
    for (let k = node.next(); k >= 0; k = node.next()) {
      const field = k >>> 3;
      if (field === 1) id = node.svarint();
      else if (field === 2) node.packed(k & 7, false, keys);
      else if (field === 3) node.packed(k & 7, false, values);
      else if (field === 8) lat = node.svarint();
      else if (field === 9) lon = node.svarint();
      else node.skip(k & 7);
    }
    visitor.node!(id, scale.lon(lon), scale.lat(lat), keys.length ? tagsOf(keys, values, strings) : undefined);
  }
}

function readDenseNodes(group: ProtoReader, strings: () => string[], scale: Scale, visitor: OsmVisitor): void {
  for (let key = group.next(); key >= 0; key = group.next()) {
    if (key >>> 3 !== 2) {
      group.skip(key & 7);
      continue;
    }
    const dense = group.message();
    let ids: number[] = [], lats: number[] = [], lons: number[] = [], keysValues: number[] = [];
    for (let k = dense.next(); k >= 0; k = dense.next()) {
      const field = k >>> 3;
      if (field === 1) ids = dense.packed(k & 7, true, ids);
      else if (field === 8) lats = dense.packed(k & 7, true, lats);
      else if (field === 9) lons = dense.packed(k & 7, true, lons);
      else if (field === 10) keysValues = dense.packed(k & 7, false, keysValues);
      else dense.skip(k & 7);
    }
    let id = 0, lat = 0, lon = 0, cursor = 0;
    for (let i = 0; i < ids.length; i++) {
      id += ids[i];
      lat += lats[i];
      lon += lons[i];
      let tags: Tags | undefined;
      // keys_vals: for each node its key and value string numbers, then a 0
      while (cursor < keysValues.length && keysValues[cursor] !== 0) {
        const table = strings();
        (tags ??= {})[table[keysValues[cursor]]] = table[keysValues[cursor + 1]];
        cursor += 2;
      }
      cursor++;
      visitor.node!(id, scale.lon(lon), scale.lat(lat), tags);
    }
  }
}

function readWays(group: ProtoReader, strings: string[], visitor: OsmVisitor): void {
  for (let key = group.next(); key >= 0; key = group.next()) {
    if (key >>> 3 !== 3) {
      group.skip(key & 7);
      continue;
    }
    const way = group.message();
    let id = 0;
    const keys: number[] = [];
    const values: number[] = [];
    const deltas: number[] = [];
    for (let k = way.next(); k >= 0; k = way.next()) {
      const field = k >>> 3;
      if (field === 1) id = way.varint();
      else if (field === 2) way.packed(k & 7, false, keys);
      else if (field === 3) way.packed(k & 7, false, values);
      else if (field === 8) way.packed(k & 7, true, deltas);
      else way.skip(k & 7);
    }
    let ref = 0;
    visitor.way!(id, deltas.map((delta) => (ref += delta)), tagsOf(keys, values, strings));
  }
}

function readRelations(group: ProtoReader, strings: string[], visitor: OsmVisitor): void {
  for (let key = group.next(); key >= 0; key = group.next()) {
    if (key >>> 3 !== 4) {
      group.skip(key & 7);
      continue;
    }
    const relation = group.message();
    let id = 0;
    const keys: number[] = [], values: number[] = [], roles: number[] = [], ids: number[] = [], types: number[] = [];
    for (let k = relation.next(); k >= 0; k = relation.next()) {
      const field = k >>> 3;
      if (field === 1) id = relation.varint();
      else if (field === 2) relation.packed(k & 7, false, keys);
      else if (field === 3) relation.packed(k & 7, false, values);
      else if (field === 8) relation.packed(k & 7, false, roles);
      else if (field === 9) relation.packed(k & 7, true, ids);
      else if (field === 10) relation.packed(k & 7, false, types);
      else relation.skip(k & 7);
    }
    let ref = 0;
    const members = ids.map((delta, i) => ({ type: MEMBER_TYPES[types[i]] ?? 'node', ref: (ref += delta), role: strings[roles[i]] ?? '' }));
    visitor.relation!(id, members, tagsOf(keys, values, strings));
  }
}
