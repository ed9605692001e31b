import type { RoofSegment } from '../geometry/roof-segment.ts';

/**
 * The buildings of a model are drawn in batches: one indexed primitive per material and surface (walls,
 * roof, existing solar) per tile of the model, each building's triangles one run of its index list. What was a
 * building's node extras and its roof primitives' `roofSegments` is kept in the building table, a
 * gzip-compressed JSON array in a buffer view of the GLB that `asset.extras.buildingTable` points at.
 * This module is the one way to read it (viewer, wizard, tests, benches); it imports nothing from Node.
 */

/** `asset.extras.buildingTable`: where the table is and how it is stored. */
export interface BuildingTableRef {
  bufferView: number;
  /** Always `gzip` (RFC 1952) over UTF-8 JSON. */
  encoding: 'gzip';
  /** How many buildings the table lists. */
  count: number;
}

/** A run of one building's triangles in a batch primitive (the primitive's `extras.batch`): positions in its index list, three per triangle. */
export interface BuildingRange {
  batch: number;
  surface: string;
  first: number;
  count: number;
}

/** One drawn building: its id, its metadata (the former node extras) and its roof faces. */
export interface BuildingRecord {
  /** `way/…`, `relation/…` or `lod2/<dataset>/<id>`. */
  name: string;
  extras: Record<string, unknown>;
  roofSegments: RoofSegment[];
  ranges: BuildingRange[];
}

/** The table as stored: ranges as `[batch, first, count]`, with the batches' surfaces listed once. */
interface StoredTable {
  surfaces: string[];
  buildings: { name: string; extras: Record<string, unknown>; roofSegments?: RoofSegment[]; ranges: [number, number, number][] }[];
}

/** The table's JSON text for a list of buildings (`surfaces[k]` is batch k's surface). */
export function buildingTableJson(records: BuildingRecord[], surfaces: string[]): string {
  const stored: StoredTable = {
    surfaces,
    buildings: records.map((r) => ({ name: r.name, extras: r.extras, ...(r.roofSegments.length ? { roofSegments: r.roofSegments } : {}), ranges: r.ranges.map((x) => [x.batch, x.first, x.count]) })),
  };
  return JSON.stringify(stored);
}

/** The buildings of a table's JSON text, in the table's order. */
export function parseBuildingTable(text: string): BuildingRecord[] {
  const stored = JSON.parse(text) as StoredTable;
  return stored.buildings.map((b) => ({
    name: b.name,
    extras: b.extras,
    roofSegments: b.roofSegments ?? [],
    ranges: b.ranges.map(([batch, first, count]) => ({ batch, surface: stored.surfaces[batch] ?? '', first, count })),
  }));
}

/**
 * Finds the building a batch triangle belongs to (a raycast's hit: the batch of the hit primitive and
 * the hit triangle's place in its index list).
 */
export class BuildingLookup {
  readonly records: BuildingRecord[];
  readonly #byBatch = new Map<number, { starts: number[]; ends: number[]; buildings: number[] }>();

  constructor(records: BuildingRecord[]) {
    this.records = records;
    const runs = new Map<number, [number, number, number][]>();
    records.forEach((record, index) => {
      for (const range of record.ranges) {
        let list = runs.get(range.batch);
        if (!list) runs.set(range.batch, (list = []));
        list.push([range.first, range.first + range.count, index]);
      }
    });
    for (const [batch, list] of runs) {
      list.sort((a, b) => a[0] - b[0]);
      this.#byBatch.set(batch, { starts: list.map((r) => r[0]), ends: list.map((r) => r[1]), buildings: list.map((r) => r[2]) });
    }
  }

  /** The index in {@link records} of the building drawing index-list position `at` of batch `batch` (a triangle's first: 3 × its number), if any. */
  buildingAt(batch: number, at: number): number | undefined {
    const runs = this.#byBatch.get(batch);
    if (!runs) return undefined;
    let [low, high] = [0, runs.starts.length - 1];
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (runs.starts[mid] > at) high = mid - 1;
      else if (runs.ends[mid] <= at) low = mid + 1;
      else return runs.buildings[mid];
    }
    return undefined;
  }
}

/** The stored (still compressed) table of a GLB's bytes, when it has one. */
export function buildingTableBytes(glb: Uint8Array): Uint8Array | undefined {
  const data = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = data.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as { asset: { extras?: { buildingTable?: BuildingTableRef } }; bufferViews?: { byteOffset?: number; byteLength: number }[] };
  const ref = json.asset.extras?.buildingTable;
  const view = ref && json.bufferViews?.[ref.bufferView];
  if (!view) return undefined;
  const binData = 20 + jsonLength + 8;
  return glb.subarray(binData + (view.byteOffset ?? 0), binData + (view.byteOffset ?? 0) + view.byteLength);
}
