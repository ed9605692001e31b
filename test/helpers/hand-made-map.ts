import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFrame } from '../../src/modelgen/geometry/local-frame.ts';
import type { OsmElement } from '../../src/modelgen/osm/osm-elements.ts';

/** A point of a hand-made map in metres east and north of its centre. */
export type Metres = [number, number];

/**
 * A small OpenStreetMap file drawn by hand in metres around a centre: ways from metre coordinates,
 * multipolygon relations, written as OSM JSON (the shape Overpass answers in) for the generator's
 * extract reader.
 */
export class HandMadeMap {
  readonly frame: LocalFrame;
  readonly #elements: OsmElement[] = [];
  #nextId = 1;

  constructor(latitude: number, longitude: number) {
    this.frame = new LocalFrame(latitude, longitude);
  }

  /** Adds a way through the points (closed when `closed`), returning its id. */
  way(points: Metres[], tags: Record<string, string>, closed = false): number {
    const nodes = points.map((point) => this.#node(point));
    const id = this.#nextId++;
    this.#elements.push({ type: 'way', id, nodes: closed ? [...nodes, nodes[0]] : nodes, tags });
    return id;
  }

  /** Adds a tagged node (an address point, a tree), returning its id. */
  point(at: Metres, tags: Record<string, string>): number {
    const id = this.#node(at);
    (this.#elements[this.#elements.length - 1] as { tags?: Record<string, string> }).tags = tags;
    return id;
  }

  /** Adds a multipolygon relation with outer and inner rings (each a closed way without tags). */
  multipolygon(outers: Metres[][], inners: Metres[][], tags: Record<string, string>): number {
    const members = [
      ...outers.map((ring) => ({ type: 'way' as const, ref: this.way(ring, {}, true), role: 'outer' })),
      ...inners.map((ring) => ({ type: 'way' as const, ref: this.way(ring, {}, true), role: 'inner' })),
    ];
    const id = this.#nextId++;
    this.#elements.push({ type: 'relation', id, members, tags: { type: 'multipolygon', ...tags } });
    return id;
  }

  /** Writes the map as an OSM JSON file in `folder` and returns its path. */
  write(folder: string, name = 'map.json'): string {
    const file = path.join(folder, name);
    fs.writeFileSync(file, JSON.stringify({ elements: this.#elements }));
    return file;
  }

  #node(point: Metres): number {
    const [lon, lat] = this.frame.toLonLat(point);
    const id = this.#nextId++;
    this.#elements.push({ type: 'node', id, lat, lon });
    return id;
  }
}

/**
 * An SRTM tile (3″, 1201 × 1201) that rises eastwards at `grade` (0.3 = 30 %) around `longitude` from
 * `base` metres there, written into a new folder; returns the folder. The heights are a plane near the
 * given point, never below 0 (sea level).
 */
export function slopeTile(latitude: number, longitude: number, grade: number, base = 1000): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-slope-'));
  const lat = Math.floor(latitude);
  const lon = Math.floor(longitude);
  const size = 1201;
  const metresPerColumn = (111_319.49 * Math.cos((latitude * Math.PI) / 180)) / (size - 1);
  const centreColumn = (longitude - lon) * (size - 1);
  const bytes = Buffer.alloc(size * size * 2);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const height = base + (column - centreColumn) * metresPerColumn * grade;
      bytes.writeInt16BE(Math.max(0, Math.min(30_000, Math.round(height))), (row * size + column) * 2);
    }
  }
  const name = `${lat >= 0 ? 'N' : 'S'}${String(Math.abs(lat)).padStart(2, '0')}${lon >= 0 ? 'E' : 'W'}${String(Math.abs(lon)).padStart(3, '0')}.hgt`;
  fs.writeFileSync(path.join(folder, name), bytes);
  return folder;
}
