import { Document, Logger, NodeIO, type Material, type Mesh, type Node } from '@gltf-transform/core';
import { EXTMeshoptCompression, EXTTextureWebP, KHRMeshQuantization, KHRTextureTransform } from '@gltf-transform/extensions';
import { meshopt } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { MeshBuilder } from '../geometry/mesh-builder.ts';
import { computeUvs, type UvMapping } from '../materials/uv-mapping.ts';
import { MaterialLibrary, quantiseUvs, srgbToLinear, type PrimitiveMaterial } from './material-library.ts';
import { smoothNormals } from './smooth-normals.ts';

type Extras = Record<string, unknown>;

/**
 * One primitive of a node: its triangles and either a plain `colour` or a named `material` (textured
 * in HD, laid out by `uv`); `smooth` welds its vertices and averages their normals (terrain).
 */
export interface PrimitiveSpec {
  mesh: MeshBuilder;
  colour?: [number, number, number];
  material?: PrimitiveMaterial;
  uv?: UvMapping;
  smooth?: boolean;
  /** Per-vertex colours (RGB, multiplied with the material: baked occlusion). */
  colours?: Float32Array<ArrayBuffer>;
  extras?: Extras;
}

/**
 * Writes the model as glTF 2.0 binary: one scene, nodes with extras, materials shared by all
 * primitives that look alike (see MaterialLibrary), flat-shaded primitives (smooth where asked).
 * `compress` applies meshopt compression with quantisation (EXT_meshopt_compression; both qualities
 * use it, SD has less in it). `textured` (HD) gives materials their textures and primitives UVs.
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

  /** Sets the model's metadata (`asset.extras`). */
  setAssetExtras(extras: Extras): void {
    this.#document.getRoot().getAsset().extras = extras;
  }

  /** Adds a node with a mesh made of the given primitives (empty ones are left out). */
  addNode(name: string, primitives: PrimitiveSpec[], extras?: Extras): Node | undefined {
    const mesh = this.#mesh(name, primitives);
    if (!mesh) return undefined;
    const node = this.#document.createNode(name).setMesh(mesh);
    if (extras) node.setExtras(extras);
    this.#scene.addChild(node);
    return node;
  }

  #mesh(name: string, primitives: PrimitiveSpec[]): Mesh | undefined {
    const used = primitives.filter((p) => p.mesh.triangleCount > 0);
    if (used.length === 0) return undefined;
    const mesh = this.#document.createMesh(name);
    for (const spec of used) mesh.addPrimitive(this.#primitive(spec));
    return mesh;
  }

  #primitive({ mesh: builder, colour, material, uv, smooth, colours, extras }: PrimitiveSpec) {
    const accessor = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Int16Array<ArrayBuffer>) => this.#document.createAccessor().setType(type).setArray(array).setBuffer(this.#buffer);
    const welded = smooth ? smoothNormals(builder.positions) : undefined;
    const positions = welded?.positions ?? new Float32Array(builder.positions);
    const normals = welded?.normals ?? new Float32Array(builder.normals);
    const primitive = this.#document.createPrimitive().setAttribute('POSITION', accessor('VEC3', positions)).setAttribute('NORMAL', accessor('VEC3', normals));
    if (welded) primitive.setIndices(accessor('SCALAR', welded.indices));
    if (colours && !welded) primitive.setAttribute('COLOR_0', accessor('VEC3', colours));
    if (material) {
      primitive.setMaterial(this.#library.get(material));
      if (this.#library.textured(material)) primitive.setAttribute('TEXCOORD_0', accessor('VEC2', quantiseUvs(computeUvs(positions, normals, uv ?? { kind: 'ground', tile: 4 }))));
    } else primitive.setMaterial(this.#material(colour ?? [0.6, 0.6, 0.6]));
    if (extras) primitive.setExtras(extras);
    return primitive;
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
    await this.#library.finish();
    const io = new NodeIO().registerExtensions([EXTTextureWebP, KHRTextureTransform, KHRMeshQuantization]);
    if (compress) {
      await MeshoptEncoder.ready;
      io.registerExtensions([EXTMeshoptCompression, KHRMeshQuantization]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
      await this.#document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
    }
    return io.writeBinary(this.#document);
  }
}

