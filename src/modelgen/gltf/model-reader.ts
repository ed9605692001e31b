import { gunzipSync } from 'node:zlib';
import { NodeIO, type Document, type Node, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import type { RoofSegment } from '../geometry/roof-segment.ts';
import { buildingTableBytes, parseBuildingTable, type BuildingRecord } from './building-table.ts';

/** One building of a model: its id, its metadata and its roof faces (its building table entry). */
export interface ModelBuildingNode {
  /** OSM's id (`way/123`, `relation/4`) or a measured building's (`lod2/<dataset>/<id>`). */
  id: string;
  extras: Record<string, unknown>;
  /** Its roof faces (`roofSegments`), in the model frame. */
  segments: RoofSegment[];
}

/** What a model's GLB holds for solar design: its buildings' roofs and every triangle that can cast a shadow. */
export interface ModelScene {
  /** The GLB's `asset.extras` (`origin`: the latitude, longitude and elevation of the frame's origin). */
  asset: Record<string, unknown>;
  buildings: ModelBuildingNode[];
  /** Corners of every triangle of every node (x east, y up, z south, metres), indexed by `index`. */
  positions: Float32Array;
  index: Uint32Array;
}

/** The building table of a GLB (see building-table.ts), empty when it has none. */
export function readBuildingTable(glb: Uint8Array): BuildingRecord[] {
  const bytes = buildingTableBytes(glb);
  return bytes ? parseBuildingTable(gunzipSync(bytes).toString('utf8')) : [];
}

/**
 * Decodes a GLB the generator wrote (meshopt-compressed and quantised included) into a glTF-Transform
 * document, as a viewer would load it.
 */
export async function readGlbDocument(glb: Uint8Array): Promise<Document> {
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
}

/**
 * Reads a generated model as the Solar Wizard sees it in the browser: the buildings (the building
 * table's entries) with their roof faces, and the whole scene's triangles in world coordinates (node
 * transforms and quantisation applied), the same ones the wizard's shading traces.
 */
export async function readModelScene(glb: Uint8Array): Promise<ModelScene> {
  const document = await readGlbDocument(glb);
  const root = document.getRoot();
  const asset = (root.getAsset() as { extras?: Record<string, unknown> }).extras ?? {};
  const buildings = readBuildingTable(glb).map((record) => ({ id: record.name, extras: record.extras, segments: record.roofSegments }));
  return { asset, buildings, ...sceneTriangles(root.listNodes()) };
}

/**
 * Every roof face of a GLB from its building table alone (no geometry decoded): what a caller needs to
 * know early, e.g. which plane orientations it will ask irradiance for.
 */
export function roofSegmentsOfGlb(glb: Uint8Array): RoofSegment[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (glb.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a) throw new Error('Not a GLB file');
  return readBuildingTable(glb).flatMap((record) => record.roofSegments);
}

/** Every triangle of the nodes' meshes as one indexed list in world coordinates. */
function sceneTriangles(nodes: Node[]): { positions: Float32Array; index: Uint32Array } {
  const parts = nodes.flatMap((node) => (node.getMesh()?.listPrimitives() ?? []).map((primitive) => ({ node, primitive })));
  let vertices = 0;
  let indices = 0;
  for (const { primitive } of parts) {
    const count = primitive.getAttribute('POSITION')!.getCount();
    vertices += count;
    indices += primitive.getIndices()?.getCount() ?? count;
  }
  const positions = new Float32Array(vertices * 3);
  const index = new Uint32Array(indices);
  let vertexOffset = 0;
  let indexOffset = 0;
  for (const { node, primitive } of parts) {
    vertexOffset = writeVertices(node, primitive, positions, vertexOffset, index, indexOffset);
    indexOffset += primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')!.getCount();
  }
  return { positions, index };
}

/** Writes a primitive's vertices (transformed) and its indices (shifted); returns the next vertex offset. */
function writeVertices(node: Node, primitive: Primitive, positions: Float32Array, vertexOffset: number, index: Uint32Array, indexOffset: number): number {
  const m = node.getWorldMatrix();
  const attribute = primitive.getAttribute('POSITION')!;
  const point = [0, 0, 0];
  for (let i = 0; i < attribute.getCount(); i++) {
    const [x, y, z] = attribute.getElement(i, point);
    const at = (vertexOffset + i) * 3;
    positions[at] = m[0] * x + m[4] * y + m[8] * z + m[12];
    positions[at + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    positions[at + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  const indices = primitive.getIndices();
  const count = indices ? indices.getCount() : attribute.getCount();
  for (let i = 0; i < count; i++) index[indexOffset + i] = vertexOffset + (indices ? indices.getScalar(i) : i);
  return vertexOffset + attribute.getCount();
}
