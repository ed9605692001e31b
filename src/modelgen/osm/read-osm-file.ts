import fs from 'node:fs';
import zlib from 'node:zlib';
import sax from 'sax';
import tinyOsmPbf from 'tiny-osmpbf';
import type { OsmElement, OsmRelationMember } from './osm-elements.ts';

/**
 * Reads an OpenStreetMap file: `.osm.pbf`, OSM XML (`.osm`, `.osm.gz`) or OSM/Overpass JSON (`.json`,
 * `.json.gz`), into elements of one shape.
 *
 * @throws Error naming the file when its format is unknown or it cannot be parsed
 */
export function readOsmFile(file: string): OsmElement[] {
  let bytes: Buffer = fs.readFileSync(file);
  const name = file.toLowerCase();
  if (name.endsWith('.gz')) bytes = zlib.gunzipSync(bytes);
  const plain = name.replace(/\.gz$/, '');
  try {
    if (plain.endsWith('.pbf')) return tinyOsmPbf(bytes).elements as OsmElement[];
    if (plain.endsWith('.json')) return (JSON.parse(bytes.toString('utf8')) as { elements: OsmElement[] }).elements;
    if (plain.endsWith('.osm') || plain.endsWith('.xml')) return parseOsmXml(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`Could not read the OpenStreetMap file ${file}: ${(error as Error).message}`);
  }
  throw new Error(`Unknown OpenStreetMap file type: ${file} (use .osm.pbf, .osm, .osm.gz, .json or .json.gz)`);
}

/** Parses OSM XML (API 0.6) into elements. */
export function parseOsmXml(xml: string): OsmElement[] {
  const elements: OsmElement[] = [];
  const parser = sax.parser(true, { trim: true });
  let current: (OsmElement & { tags?: Record<string, string> }) | undefined;
  parser.onopentag = (tag) => {
    const a = tag.attributes as Record<string, string>;
    switch (tag.name) {
      case 'node':
        current = { type: 'node', id: Number(a.id), lat: Number(a.lat), lon: Number(a.lon) };
        break;
      case 'way':
        current = { type: 'way', id: Number(a.id), nodes: [] };
        break;
      case 'relation':
        current = { type: 'relation', id: Number(a.id), members: [] };
        break;
      case 'nd':
        if (current?.type === 'way') current.nodes.push(Number(a.ref));
        break;
      case 'member':
        if (current?.type === 'relation') current.members.push({ type: a.type as OsmRelationMember['type'], ref: Number(a.ref), role: a.role ?? '' });
        break;
      case 'tag':
        if (current) (current.tags ??= {})[a.k] = a.v;
        break;
    }
  };
  parser.onclosetag = (name) => {
    if ((name === 'node' || name === 'way' || name === 'relation') && current) {
      elements.push(current);
      current = undefined;
    }
  };
  parser.write(xml).close();
  return elements;
}
