import { gzipSync } from 'node:zlib';
import { Document, Extension, Logger, NodeIO, PropertyType, type Material, type Node, type Primitive, type WriterContext } from '@gltf-transform/core';
import { EXTMeshoptCompression, EXTTextureWebP, KHRMeshQuantization, KHRTextureTransform } from '@gltf-transform/extensions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { MeshBuilder } from '../geometry/mesh-builder.ts';
import { storedUvs, type UvMapping } from '../materials/uv-mapping.ts';
import { MaterialLibrary, srgbToLinear, type PrimitiveMaterial } from './material-library.ts';
import { appendBufferView, BuildingBatches, joinBatch, type BatchPart } from './building-batches.ts';
import { buildingTableJson, type BuildingTableRef } from './building-table.ts';
import { weld, type Attribute, type Welded } from './vertex-welding.ts';
import type { RoofSegment } from '../geometry/roof-segment.ts';

type Extras = Record<string, unknown>;

/**
 * One primitive of a node: its triangles and either a plain `colour` or a named `material` (textured
 * in HD, laid out by `uv`), with optional per-vertex `colours` (baked occlusion, RGB 0–1).
 */
export interface PrimitiveSpec {
  mesh: MeshBuilder;
  colour?: [number, number, number];
  material?: PrimitiveMaterial;
  uv?: UvMapping;
  colours?: Float32Array<ArrayBuffer>;
  extras?: Extras;
}

/**
 * Writes the model as glTF 2.0 binary: one scene, nodes with extras (ground, ground features, trees),
 * buildings in batches with their building table (see building-batches.ts), materials shared by all
 * primitives that look alike (see MaterialLibrary), indexed primitives with welded corners, flat-shaded
 * (smooth where the mesh gives normals per corner). `compress` applies meshopt compression (EXT_meshopt_compression; both
 * qualities use it, SD has less in it). `textured` (HD) gives materials their textures and primitives UVs.
 */
export class GlbWriter {
  readonly #document = new Document();
  readonly #buffer = this.#document.createBuffer();
  readonly #scene = this.#document.createScene('model');
  readonly #library: MaterialLibrary;
  constructor(textured = false) {
    this.#document.setLogger(new Logger(Logger.Verbosity.ERROR));
    this.#document.getRoot().setDefaultScene(this.#scene);
    this.#library = new MaterialLibrary(this.#document, textured);
  }
  readonly #materials = new Map<string, Material>();
  readonly #buildings = new BuildingBatches();

  /** Sets the model's metadata (`asset.extras`). */
  setAssetExtras(extras: Extras): void {
    this.#document.getRoot().getAsset().extras = extras;
  }

  /** Adds a node with a mesh made of the given primitives (empty ones are left out). */
  addNode(name: string, primitives: PrimitiveSpec[], extras?: Extras): Node | undefined {
    const used = primitives.filter((p) => p.mesh.triangleCount > 0);
    if (used.length === 0) return undefined;
    const { translation, scale, positions, normals } = quantise(used.map((p) => p.mesh));
    const mesh = this.#document.createMesh(name);
    used.forEach(({ mesh: builder, colour, material, uv, colours, extras: primitiveExtras }, i) => {
      const textured = !!material && this.#library.textured(material);
      // From the unquantised positions, so texture seams do not move by a quantisation step.
      const uvs = textured ? storedUvs(builder.positions, builder.normals, uv ?? { kind: 'ground', tile: 4 }) : undefined;
      const primitive = this.#primitive(positions[i], normals[i], material ? this.#library.get(material) : this.#material(colour ?? [0.6, 0.6, 0.6]), uvs, colours);
      if (primitiveExtras) primitive.setExtras(primitiveExtras);
      mesh.addPrimitive(primitive);
    });
    const node = this.#document.createNode(name).setMesh(mesh).setTranslation(translation).setScale([scale, scale, scale]);
    if (extras) node.setExtras(extras);
    this.#scene.addChild(node);
    return node;
  }

  /**
   * Adds a building: its primitives join the model's building batches (one primitive per material and
   * surface per tile), its metadata and roof faces (`roofSegments` of its roof primitives' extras) the
   * building table. False when it has no triangles.
   */
  addBuilding(name: string, primitives: PrimitiveSpec[], extras: Extras): boolean {
    const parts: BatchPart[] = primitives
      .filter((p) => p.mesh.triangleCount > 0)
      .map(({ mesh: builder, colour, material, uv, colours, extras: primitiveExtras }) => {
        const textured = !!material && this.#library.textured(material);
        // Kept compact until written (a 5 km model holds hundreds of thousands of triangles): float positions, 8-bit normals.
        return {
          positions: Float32Array.from(builder.positions),
          normals: quantiseNormals(builder.normals),
          material: material ? this.#library.get(material) : this.#material(colour ?? [0.6, 0.6, 0.6]),
          surface: String(primitiveExtras?.surface ?? 'walls'),
          ...(textured ? { uvs: storedUvs(builder.positions, builder.normals, uv ?? { kind: 'ground', tile: 4 }) } : {}),
          ...(colours ? { colours } : {}),
          ...(primitiveExtras?.roofSegments ? { roofSegments: primitiveExtras.roofSegments as RoofSegment[] } : {}),
        };
      });
    if (parts.length === 0) return false;
    this.#buildings.add(name, parts, extras);
    return true;
  }

  /**
   * One indexed primitive from quantised positions and normals, with texture coordinates and vertex
   * colours when given: equal corners are welded into one vertex (see vertex-welding.ts).
   */
  #primitive(positions: Int16Array<ArrayBuffer>, normals: Int8Array<ArrayBuffer>, material: Material, uvs?: Int16Array<ArrayBuffer>, colours?: Float32Array): Primitive {
    const given: Attribute[] = [
      { array: positions, size: 3 },
      { array: normals, size: 3 },
      ...(uvs ? [{ array: uvs, size: 2 }] : []),
      ...(colours ? [{ array: vertexColours(colours), size: 4 }] : []),
    ];
    const { attributes, indices } = weld(given, positions.length / 3);
    const [position, normal, ...rest] = attributes;
    const accessor = (type: 'VEC2' | 'VEC3' | 'VEC4', array: Welded['attributes'][number], normalized: boolean) => this.#document.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(this.#buffer);
    const primitive = this.#document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', position, true))
      .setAttribute('NORMAL', accessor('VEC3', normal, true))
      .setIndices(this.#document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(this.#buffer))
      .setMaterial(material);
    if (uvs) primitive.setAttribute('TEXCOORD_0', accessor('VEC2', rest.shift()!, false));
    if (colours) primitive.setAttribute('COLOR_0', accessor('VEC4', rest.shift()!, true));
    return primitive;
  }

  /** The building batches as nodes, one per tile (`buildings <x>,<z>`, extras `surface: buildings`). */
  #writeBatches(): void {
    const byTile = Map.groupBy(this.#buildings.batches, (batch) => batch.tile);
    for (const [tile, batches] of byTile) {
      const joined = batches.map(joinBatch);
      const { translation, scale, positions } = quantise(joined.map((j) => ({ positions: j.positions, normals: [] })));
      const mesh = this.#document.createMesh(`buildings ${tile}`);
      batches.forEach((batch, i) => {
        const primitive = this.#primitive(positions[i], joined[i].normals, batch.material, joined[i].uvs, joined[i].colours);
        mesh.addPrimitive(primitive.setExtras({ surface: batch.surface, batch: batch.index }));
        batch.chunks = [];
      });
      const node = this.#document.createNode(`buildings ${tile}`).setMesh(mesh).setTranslation(translation).setScale([scale, scale, scale]).setExtras({ surface: 'buildings' });
      this.#scene.addChild(node);
    }
  }

  #material(colour: [number, number, number]): Material {
    const key = colour.map((c) => c.toFixed(3)).join(',');
    let material = this.#materials.get(key);
    if (!material) {
      material = this.#document.createMaterial(`colour ${key}`).setBaseColorFactor([...srgbToLinear(colour), 1]).setRoughnessFactor(0.9).setMetallicFactor(0);
      this.#materials.set(key, material);
    }
    return material;
  }

  /** The GLB bytes. */
  async write(compress: boolean): Promise<Uint8Array> {
    this.#writeBatches();
    await this.#library.finish();
    const io = new NodeIO().registerExtensions([SharedVertexViews, EXTMeshoptCompression, KHRMeshQuantization, EXTTextureWebP, KHRTextureTransform]);
    this.#document.createExtension(KHRMeshQuantization).setRequired(true);
    if (compress) {
      // Attributes are quantised as they are added (quantise()): what is left is meshopt's encoding,
      // without gltf-transform's quantize and reorder passes, which cost seconds at 5 km.
      await MeshoptEncoder.ready;
      io.registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
      this.#document.createExtension(SharedVertexViews);
      this.#document.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
    }
    const glb = await io.writeBinary(this.#document);
    const { records, batches } = this.#buildings;
    if (records.length === 0) return glb;
    const table = gzipSync(buildingTableJson(records, batches.map((b) => b.surface)), { level: 9 });
    return appendBufferView(glb, table, (json, view) => {
      const ref: BuildingTableRef = { bufferView: view, encoding: 'gzip', count: records.length };
      json.asset.extras = { ...json.asset.extras, buildingTable: ref };
    });
  }
}

/**
 * Lets the vertex attributes of all primitives share buffer views (one per kind of attribute) instead of
 * one buffer view per primitive: a model of hundreds of primitives (ground features, building batches) otherwise
 * spends most of its GLB on buffer-view declarations, and meshopt compresses the longer streams better.
 * Not an extension of the file: it only sets the writer's grouping (its `prewrite` runs before
 * EXT_meshopt_compression's, as extensions are visited by name) and takes its name off the written list.
 */
class SharedVertexViews extends Extension {
  static readonly EXTENSION_NAME = 'EXT_0_shared_vertex_views';
  readonly extensionName = SharedVertexViews.EXTENSION_NAME;
  readonly prewriteTypes = [PropertyType.ACCESSOR];

  read(): this {
    return this;
  }

  prewrite(context: WriterContext): this {
    context.accessorUsageGroupedByParent.delete('ARRAY_BUFFER');
    return this;
  }

  write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    json.extensionsUsed = (json.extensionsUsed ?? []).filter((name) => name !== this.extensionName);
    return this;
  }
}

/** Positions are kept to this step or finer, metres. */
const POSITION_STEP_M = 0.01;

/**
 * Quantises a node's primitives (KHR_mesh_quantization): positions as normalised 16-bit integers around
 * the node's centre, scaled by the node, with as many bits as a centimetre step needs (12 to 16: fewer
 * bits compress better); normals as normalised 8-bit integers. Output in glTF's axes.
 */
function quantise(meshes: { positions: ArrayLike<number>; normals: ArrayLike<number> }[]): { translation: [number, number, number]; scale: number; positions: Int16Array<ArrayBuffer>[]; normals: Int8Array<ArrayBuffer>[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const { positions } of meshes) {
    for (let i = 0; i < positions.length; i++) {
      const axis = i % 3;
      if (positions[i] < min[axis]) min[axis] = positions[i];
      if (positions[i] > max[axis]) max[axis] = positions[i];
    }
  }
  const centre = [0, 1, 2].map((a) => (min[a] + max[a]) / 2) as [number, number, number];
  const half = Math.max(1e-3, ...[0, 1, 2].map((a) => (max[a] - min[a]) / 2));
  const bits = Math.min(16, Math.max(12, Math.ceil(Math.log2((2 * half) / POSITION_STEP_M))));
  const levels = 2 ** (bits - 1) - 1;
  // A stored value q stands for centre + scale × q / 32767, so q counts steps of half / levels.
  const scale = (half * 32767) / levels;
  return {
    translation: centre,
    scale,
    positions: meshes.map(({ positions }) => {
      const out = new Int16Array(positions.length);
      for (let i = 0; i < positions.length; i++) out[i] = Math.round(((positions[i] - centre[i % 3]) / half) * levels);
      return out;
    }),
    normals: meshes.map(({ normals }) => quantiseNormals(normals)),
  };
}

/** Unit normals as normalised 8-bit integers. */
function quantiseNormals(normals: ArrayLike<number>): Int8Array<ArrayBuffer> {
  const out = new Int8Array(normals.length);
  for (let i = 0; i < normals.length; i++) out[i] = Math.round(normals[i] * 127);
  return out;
}

/** RGB colours 0–1 as normalised 8-bit RGBA (four bytes keep vertex attributes aligned). */
function vertexColours(rgb: Float32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array((rgb.length / 3) * 4);
  for (let v = 0; v < rgb.length / 3; v++) {
    for (let k = 0; k < 3; k++) out[4 * v + k] = Math.round(Math.min(Math.max(rgb[3 * v + k], 0), 1) * 255);
    out[4 * v + 3] = 255;
  }
  return out;
}
