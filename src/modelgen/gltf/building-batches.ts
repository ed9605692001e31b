import type { Material } from '@gltf-transform/core';
import type { RoofSegment } from '../geometry/roof-segment.ts';
import type { BuildingRecord } from './building-table.ts';

/** Buildings are batched per square tile of this side, metres, centred on the origin: 16-bit positions keep about 1.5 cm steps. */
export const BATCH_TILE_M = 1000;

/** One building's part of a batch: its vertices in glTF's frame, with texture coordinates and colours when the batch has them. */
interface Chunk {
  positions: Float32Array;
  normals: Int8Array;
  uvs?: Int16Array;
  colours?: Float32Array;
}

/** The triangles of one material and surface in one tile, from many buildings: one glTF primitive. */
export interface Batch {
  index: number;
  tile: string;
  material: Material;
  surface: string;
  textured: boolean;
  coloured: boolean;
  vertices: number;
  chunks: Chunk[];
}

/** A building's primitive as the writer resolved it: its material and (HD textures) texture coordinates. */
export interface BatchPart {
  /** Metres, glTF's frame. */
  positions: Float32Array;
  /** Quantised: normalised 8-bit integers. */
  normals: Int8Array;
  material: Material;
  surface: string;
  uvs?: Int16Array;
  colours?: Float32Array;
  roofSegments?: RoofSegment[];
}

/**
 * Collects buildings into batches (see building-table.ts): a model of thousands of buildings is a few
 * dozen primitives instead of tens of thousands, which is most of the GLB's JSON and of the viewer's
 * draw calls. Each building's vertices stay one run per batch, recorded in its table entry.
 */
export class BuildingBatches {
  readonly records: BuildingRecord[] = [];
  readonly batches: Batch[] = [];
  readonly #byKey = new Map<string, Map<Material, Batch>>();

  /** Adds a building's primitives (none empty) under its id, with its metadata. */
  add(name: string, parts: BatchPart[], extras: Record<string, unknown>): void {
    const tile = tileOf(parts[0].positions);
    const record: BuildingRecord = { name, extras, roofSegments: [], ranges: [] };
    for (const part of parts) {
      const batch = this.#batch(tile, part);
      const count = part.positions.length / 3;
      const last = record.ranges.at(-1);
      // A building's wall pieces in one batch are added one after another: one run. Roof faces keep a run each.
      if (last && last.batch === batch.index && last.first + last.count === batch.vertices && part.surface !== 'roof') last.count += count;
      else record.ranges.push({ batch: batch.index, surface: batch.surface, first: batch.vertices, count });
      batch.chunks.push({ positions: part.positions, normals: part.normals, uvs: part.uvs, colours: batch.coloured ? (part.colours ?? white(count)) : undefined });
      batch.vertices += count;
      if (part.roofSegments) record.roofSegments.push(...part.roofSegments);
    }
    this.records.push(record);
  }

  #batch(tile: string, part: BatchPart): Batch {
    // Walls with baked occlusion and walls without it share a batch (white where none was baked), so the key leaves colours out.
    const key = `${tile}|${part.surface}|${part.uvs ? 1 : 0}`;
    let byMaterial = this.#byKey.get(key);
    if (!byMaterial) this.#byKey.set(key, (byMaterial = new Map()));
    let batch = byMaterial.get(part.material);
    if (!batch) {
      batch = { index: this.batches.length, tile, material: part.material, surface: part.surface, textured: !!part.uvs, coloured: part.surface === 'walls' && !!part.uvs, vertices: 0, chunks: [] };
      byMaterial.set(part.material, batch);
      this.batches.push(batch);
    }
    return batch;
  }
}

/** The tile holding a building, by its first vertex (a building's vertices all go to one tile). */
function tileOf(positions: Float32Array): string {
  return `${Math.round(positions[0] / BATCH_TILE_M)},${Math.round(positions[2] / BATCH_TILE_M)}`;
}

function white(vertices: number): Float32Array {
  return new Float32Array(vertices * 3).fill(1);
}

/** A batch's chunks joined: positions, normals, and texture coordinates and colours when it has them. */
export function joinBatch(batch: Batch): { positions: Float32Array<ArrayBuffer>; normals: Int8Array<ArrayBuffer>; uvs?: Int16Array<ArrayBuffer>; colours?: Float32Array<ArrayBuffer> } {
  const positions = new Float32Array(batch.vertices * 3);
  const normals = new Int8Array(batch.vertices * 3);
  const uvs = batch.textured ? new Int16Array(batch.vertices * 2) : undefined;
  const colours = batch.coloured ? new Float32Array(batch.vertices * 3) : undefined;
  let at = 0;
  for (const chunk of batch.chunks) {
    positions.set(chunk.positions, at * 3);
    normals.set(chunk.normals, at * 3);
    if (uvs && chunk.uvs) uvs.set(chunk.uvs, at * 2);
    if (colours && chunk.colours) colours.set(chunk.colours, at * 3);
    at += chunk.positions.length / 3;
  }
  return { positions, normals, uvs, colours };
}

/**
 * Appends bytes to a GLB's binary chunk as a new buffer view of buffer 0 (the GLB's own), and lets
 * `edit` change the JSON (knowing the new view's index) before it is written back.
 */
export function appendBufferView(glb: Uint8Array, bytes: Uint8Array, edit: (json: GltfJson, view: number) => void): Uint8Array {
  const data = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = data.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  const binStart = 20 + jsonLength;
  const bin = binStart < glb.byteLength ? glb.subarray(binStart + 8, binStart + 8 + data.getUint32(binStart, true)) : new Uint8Array(0);
  const offset = align4(bin.byteLength);
  json.buffers ??= [];
  if (json.buffers.length === 0) json.buffers.push({ byteLength: 0 });
  json.bufferViews ??= [];
  const view = json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength }) - 1;
  const binLength = align4(offset + bytes.byteLength);
  json.buffers[0].byteLength = offset + bytes.byteLength;
  edit(json, view);
  const text = new TextEncoder().encode(JSON.stringify(json));
  const textLength = align4(text.byteLength);
  const out = new Uint8Array(12 + 8 + textLength + 8 + binLength);
  const view32 = new DataView(out.buffer);
  view32.setUint32(0, 0x46546c67, true);
  view32.setUint32(4, 2, true);
  view32.setUint32(8, out.byteLength, true);
  view32.setUint32(12, textLength, true);
  view32.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + textLength);
  const at = 20 + textLength;
  view32.setUint32(at, binLength, true);
  view32.setUint32(at + 4, 0x004e4942, true);
  out.set(bin, at + 8);
  out.set(bytes, at + 8 + offset);
  return out;
}

/** The parts of glTF's JSON the GLB appender touches. */
export interface GltfJson {
  asset: { extras?: Record<string, unknown> };
  buffers?: { byteLength: number; uri?: string }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number }[];
}

function align4(n: number): number {
  return Math.ceil(n / 4) * 4;
}
