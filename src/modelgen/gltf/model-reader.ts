import { NodeIO, type Document, type Node, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import type { RoofSegment } from '../geometry/roof-segment.ts';

/** One building of a model: its id, its node's extras and its roof faces. */
export interface ModelBuildingNode {
  /** OSM's id (`way/123`, `relation/4`) or a measured building's (`lod2/<dataset>/<id>`): the node's name. */
  id: string;
  extras: Record<string, unknown>;
  /** Every roof face its primitives describe (`extras.roofSegments`), in the model frame. */
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

const BUILDING_NAME = /^(way|relation|lod2)\//;

/**
 * Decodes a GLB the generator wrote (meshopt-compressed and quantised included) into a glTF-Transform
 * document, as a viewer would load it.
 */
export async function readGlbDocument(glb: Uint8Array): Promise<Document> {
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }).readBinary(glb);
}

/**
 * Reads a generated model as the Solar Wizard sees it in the browser: the buildings (nodes named by
 * their id) with the roof faces of their primitives' extras, and the whole scene's triangles in world
 * coordinates (node transforms and quantisation applied), the same ones the wizard's shading traces.
 */
export async function readModelScene(glb: Uint8Array): Promise<ModelScene> {
  const document = await readGlbDocument(glb);
  const root = document.getRoot();
  const asset = (root.getAsset() as { extras?: Record<string, unknown> }).extras ?? {};
  const nodes = root.listNodes();
  const buildings = nodes
    .filter((node) => BUILDING_NAME.test(node.getName()))
    .map((node) => ({
      id: node.getName(),
      extras: node.getExtras() as Record<string, unknown>,
      segments: (node.getMesh()?.listPrimitives() ?? []).flatMap((p) => (p.getExtras() as { roofSegments?: RoofSegment[] }).roofSegments ?? []),
    }));
  return { asset, buildings, ...sceneTriangles(nodes) };
}

/**
 * Every roof face of a GLB read from its JSON chunk alone (no geometry decoded): what a caller needs to
 * know early, e.g. which plane orientations it will ask irradiance for.
 */
export function roofSegmentsOfGlb(glb: Uint8Array): RoofSegment[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (glb.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a) throw new Error('Not a GLB file');
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as { meshes?: { primitives?: { extras?: { roofSegments?: RoofSegment[] } }[] }[] };
  return (json.meshes ?? []).flatMap((mesh) => (mesh.primitives ?? []).flatMap((primitive) => primitive.extras?.roofSegments ?? []));
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
