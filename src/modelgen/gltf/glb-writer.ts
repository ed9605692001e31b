import { Document, Extension, Logger, NodeIO, PropertyType, type Material, type Mesh, type Node, type WriterContext } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { meshopt, prune } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { MeshBuilder } from '../geometry/mesh-builder.ts';

type Extras = Record<string, unknown>;

/**
 * Writes the model as glTF 2.0 binary: one scene, nodes with extras, one material per colour, flat
 * shaded primitives. `compress` applies meshopt compression with quantisation (EXT_meshopt_compression;
 * both qualities use it, SD has less in it).
 */
export class GlbWriter {
  readonly #document = new Document();
  readonly #buffer = this.#document.createBuffer();
  readonly #scene = this.#document.createScene('model');
  constructor() {
    this.#document.setLogger(new Logger(Logger.Verbosity.ERROR));
    this.#document.getRoot().setDefaultScene(this.#scene);
  }
  readonly #materials = new Map<string, Material>();

  /** Sets the model's metadata (`asset.extras`). */
  setAssetExtras(extras: Extras): void {
    this.#document.getRoot().getAsset().extras = extras;
  }

  /** Adds a node with a mesh made of the given primitives (empty ones are left out). */
  addNode(name: string, primitives: { mesh: MeshBuilder; colour: [number, number, number]; extras?: Extras }[], extras?: Extras): Node | undefined {
    const mesh = this.#mesh(name, primitives);
    if (!mesh) return undefined;
    const node = this.#document.createNode(name).setMesh(mesh);
    if (extras) node.setExtras(extras);
    this.#scene.addChild(node);
    return node;
  }

  #mesh(name: string, primitives: { mesh: MeshBuilder; colour: [number, number, number]; extras?: Extras }[]): Mesh | undefined {
    const used = primitives.filter((p) => p.mesh.triangleCount > 0);
    if (used.length === 0) return undefined;
    const mesh = this.#document.createMesh(name);
    for (const { mesh: builder, colour, extras } of used) {
      const position = this.#document.createAccessor().setType('VEC3').setArray(new Float32Array(builder.positions)).setBuffer(this.#buffer);
      const normal = this.#document.createAccessor().setType('VEC3').setArray(new Float32Array(builder.normals)).setBuffer(this.#buffer);
      const primitive = this.#document.createPrimitive().setAttribute('POSITION', position).setAttribute('NORMAL', normal).setMaterial(this.#material(colour));
      if (extras) primitive.setExtras(extras);
      mesh.addPrimitive(primitive);
    }
    return mesh;
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
    const io = new NodeIO();
    if (compress) {
      await MeshoptEncoder.ready;
      io.registerExtensions([SharedVertexViews, EXTMeshoptCompression, KHRMeshQuantization]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
      this.#document.createExtension(SharedVertexViews);
      // meshopt's own clean-up also de-duplicates accessors by comparing every pair of the same size,
      // which grows with the square of the number of buildings (a minute at 5 km): prune only.
      await this.#document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium', cleanup: false }), prune({ propertyTypes: [PropertyType.ACCESSOR], keepAttributes: true, keepIndices: true, keepLeaves: true }));
    }
    return io.writeBinary(this.#document);
  }
}

/**
 * Lets the vertex attributes of all primitives share buffer views (one per kind of attribute) instead of
 * one buffer view per primitive: a model of thousands of buildings, each roof face a primitive, otherwise
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

/** glTF base colours are linear; OSM colours are sRGB. */
function srgbToLinear(colour: [number, number, number]): [number, number, number] {
  return colour.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
}
