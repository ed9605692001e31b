import assert from 'node:assert/strict';
import type { Node, Primitive } from '@gltf-transform/core';
import type { Transform } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import { readGlbDocument } from '../../src/modelgen/model-file.ts';

/** A roof face as the GLB describes it. */
export interface ModelSegment {
  /** Unit normal in the glTF frame (x east, y up, z south). */
  normal?: [number, number, number];
  pitch: number;
  azimuth: number;
  area: number;
  outline: [number, number, number][];
}

/** One building node of a GLB: its extras and its roof faces. */
export interface ModelBuilding {
  name: string;
  extras: Record<string, unknown> & { osmId: string; roofShape: string; height: number };
  segments: ModelSegment[];
  /** Every triangle of its primitives in the model's frame (x east, y up, z south). */
  triangles: [number, number, number][][];
  /** The triangles of its roof primitives only (`extras.surface` "roof"). */
  roofTriangles: [number, number, number][][];
  /** Highest and lowest vertex heights (glTF y) of all its primitives. */
  top: number;
  bottom: number;
}

/** Validates a GLB with the Khronos validator (zero errors) and reads its buildings and ground as a viewer would. */
export async function readModel(glb: Uint8Array): Promise<{ asset: Record<string, unknown>; buildings: ModelBuilding[]; ground: [number, number, number][][] }> {
  const report = await validator.validateBytes(glb);
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m: { severity: number }) => m.severity === 0).slice(0, 3)));
  const document = await readGlbDocument(glb);
  const asset = (document.getRoot().getAsset() as { extras?: Record<string, unknown> }).extras ?? {};
  const nodes = document.getRoot().listNodes();
  const buildings = nodes
    .filter((n) => /^(way|relation|lod2)\//.test(n.getName()))
    .map((node) => {
      const primitives = node.getMesh()?.listPrimitives() ?? [];
      const triangles = primitives.flatMap((p) => trianglesOf(node, p));
      const roofTriangles = primitives.filter((p) => (p.getExtras() as { surface?: string }).surface === 'roof').flatMap((p) => trianglesOf(node, p));
      const ys = triangles.flat().map((v) => v[1]);
      return {
        name: node.getName(),
        extras: node.getExtras() as ModelBuilding['extras'],
        segments: primitives.flatMap((p) => (p.getExtras() as { roofSegments?: ModelSegment[] }).roofSegments ?? []),
        triangles,
        roofTriangles,
        top: Math.max(...ys),
        bottom: Math.min(...ys),
      };
    });
  const groundNode = nodes.find((n) => n.getName() === 'ground');
  const ground = groundNode ? (groundNode.getMesh()?.listPrimitives() ?? []).flatMap((p) => trianglesOf(groundNode, p)) : [];
  return { asset, buildings, ground };
}

/** A primitive's triangles in the model's frame (quantised positions carry their scale and offset in the node's matrix). */
function trianglesOf(node: Node, primitive: Primitive): [number, number, number][][] {
  const m = node.getWorldMatrix();
  const position = primitive.getAttribute('POSITION')!;
  const vertex = (i: number): [number, number, number] => {
    const [x, y, z] = position.getElement(i, [0, 0, 0]);
    return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
  };
  const indices = primitive.getIndices();
  const count = indices ? indices.getCount() : position.getCount();
  const out: [number, number, number][][] = [];
  for (let i = 0; i + 2 < count; i += 3) out.push([0, 1, 2].map((k) => vertex(indices ? indices.getScalar(i + k) : i + k)));
  return out;
}

/** One primitive of a GLB as a renderer sees it: its node, material and texture coordinates. */
export interface ModelPrimitive {
  node: string;
  /** The primitive's or its node's `surface` extra (walls, roof, ground, …). */
  surface: string | undefined;
  material: {
    name: string;
    extras: Record<string, unknown>;
    /** Linear base colour factor. */
    baseColour: number[];
    roughness: number;
    metalness: number;
    /** MIME type of the base colour texture, when there is one. */
    texture?: string;
    textureBytes?: number;
  };
  /** Range of TEXCOORD_0 (u, v), when present. */
  uv?: { min: [number, number]; max: [number, number] };
  /** Vertices of its triangles in order (three per triangle) as [x, y, z] with their (u, v) when present, in the model's frame. */
  vertices: { position: [number, number, number]; uv?: [number, number] }[];
}

/** Every primitive of a GLB with its material and texture coordinates (after the validator's check). */
export async function readPrimitives(glb: Uint8Array): Promise<ModelPrimitive[]> {
  const report = await validator.validateBytes(glb);
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m: { severity: number }) => m.severity === 0).slice(0, 3)));
  const document = await readGlbDocument(glb);
  return document.getRoot().listNodes().flatMap((node) => {
    const m = node.getWorldMatrix();
    return (node.getMesh()?.listPrimitives() ?? []).map((p): ModelPrimitive => {
      const material = p.getMaterial()!;
      const texture = material.getBaseColorTexture();
      // Stored texture coordinates are scaled by the material's KHR_texture_transform, when it has one.
      const transform = material.getBaseColorTextureInfo()?.getExtension<Transform>('KHR_texture_transform');
      const [su, sv] = transform?.getScale() ?? [1, 1];
      const position = p.getAttribute('POSITION')!;
      const texcoord = p.getAttribute('TEXCOORD_0');
      const indices = p.getIndices();
      const order = indices ? Array.from({ length: indices.getCount() }, (_, k) => indices.getScalar(k)) : Array.from({ length: position.getCount() }, (_, k) => k);
      const vertices = order.map((i) => {
        const [x, y, z] = position.getElement(i, [0, 0, 0]);
        const world: [number, number, number] = [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
        const uv = texcoord?.getElement(i, [0, 0]);
        return { position: world, ...(uv ? { uv: [uv[0] * su, uv[1] * sv] as [number, number] } : {}) };
      });
      const uvs = vertices.map((v) => v.uv!).filter(Boolean);
      return {
        node: node.getName(),
        surface: ((p.getExtras() as { surface?: string }).surface ?? (node.getExtras() as { surface?: string }).surface),
        material: {
          name: material.getName(),
          extras: material.getExtras() as Record<string, unknown>,
          baseColour: material.getBaseColorFactor(),
          roughness: material.getRoughnessFactor(),
          metalness: material.getMetallicFactor(),
          ...(texture ? { texture: texture.getMimeType(), textureBytes: texture.getImage()?.byteLength ?? 0 } : {}),
        },
        ...(uvs.length ? { uv: { min: [Math.min(...uvs.map((t) => t[0])), Math.min(...uvs.map((t) => t[1]))], max: [Math.max(...uvs.map((t) => t[0])), Math.max(...uvs.map((t) => t[1]))] } } : {}),
        vertices,
      };
    });
  });
}
