import { BufferGeometry, Group, Mesh, type Material, type Object3D } from 'three';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { BuildingLookup, parseBuildingTable, type BuildingRecord, type BuildingTableRef } from '../../../src/modelgen/browser.ts';

/** What the viewer knows of a building drawn in the model's batches: its runs of the batch meshes. */
interface Drawn {
  record: BuildingRecord;
  meshes: Map<number, Mesh>;
  /** Surfaces no longer drawn from the batches (redrawn by the node's own meshes). */
  hidden: Set<string>;
  /** Every building of the model. */
  records: readonly BuildingRecord[];
}

/** Building nodes made for picked buildings, and where their triangles are drawn. */
const drawnOf = new WeakMap<Object3D, Drawn>();

/**
 * The buildings of a loaded model, read from its building table (see the generator's building-table.ts).
 * The buildings are drawn in batch meshes (many buildings per mesh); a picked building gets a node of
 * its own on demand, named by its id, its `userData` the building's metadata and `roofSegments`, to
 * which a redrawn roof is added.
 */
export class ModelBuildings {
  readonly #content: Object3D;
  readonly #lookup: BuildingLookup;
  readonly #meshes = new Map<number, Mesh>();
  readonly #nodes = new Map<number, Object3D>();

  constructor(content: Object3D, records: BuildingRecord[]) {
    this.#content = content;
    this.#lookup = new BuildingLookup(records);
    content.traverse((object) => {
      const batch = object instanceof Mesh ? (object.geometry.userData as { batch?: unknown }).batch : undefined;
      if (typeof batch === 'number') this.#meshes.set(batch, object as Mesh);
    });
  }

  /**
   * Reads a loaded GLB's building table (gzip JSON in a buffer view); an empty set for a model without
   * one. Decoded after the first frame: only picking needs it.
   */
  static async read(gltf: GLTF, content: Object3D): Promise<ModelBuildings> {
    const ref = (gltf.asset.extras as { buildingTable?: BuildingTableRef } | undefined)?.buildingTable;
    if (!ref) return new ModelBuildings(content, []);
    const bytes = (await gltf.parser.getDependency('bufferView', ref.bufferView)) as ArrayBuffer;
    const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    return new ModelBuildings(content, parseBuildingTable(text));
  }

  /** The node of the building drawing a batch mesh's triangle (a raycast's `faceIndex`), if it is one. */
  nodeAt(object: Object3D, triangle: number): Object3D | undefined {
    const batch = object instanceof Mesh ? (object.geometry.userData as { batch?: unknown }).batch : undefined;
    if (typeof batch !== 'number') return undefined;
    const index = this.#lookup.buildingAt(batch, triangle * 3);
    return index === undefined ? undefined : this.#nodeOf(index);
  }

  /**
   * Every node of the building a node is drawn as part of: the outline and all its building parts (a
   * cathedral's drum, domes and arms; the generator names the building in each part's `partOf`), or the
   * node alone for a building drawn whole. The given node comes first.
   */
  piecesOf(node: Object3D): Object3D[] {
    const building = wholeName(node.name, node.userData);
    const others = this.#lookup.records.flatMap((record, index) => (record.name !== node.name && wholeName(record.name, record.extras) === building ? [this.#nodeOf(index)] : []));
    return [node, ...others];
  }

  #nodeOf(index: number): Object3D {
    let node = this.#nodes.get(index);
    if (!node) {
      const record = this.#lookup.records[index];
      node = new Group();
      node.name = record.name;
      node.userData = { ...record.extras, roofSegments: record.roofSegments };
      drawnOf.set(node, { record, meshes: this.#meshes, hidden: new Set(), records: this.#lookup.records });
      this.#content.add(node);
      this.#nodes.set(index, node);
    }
    return node;
  }
}

/** The id of the building a piece belongs to: its `partOf`, else its own id. */
function wholeName(name: string, extras: Record<string, unknown>): string {
  return typeof extras.partOf === 'string' ? extras.partOf : name;
}

/**
 * The materials a building node's surface (`walls`, `roof`) is drawn with in the model's batches, in the
 * order of its runs (a ground floor dressed apart comes before the storeys above); none for nodes the
 * batches do not draw.
 */
export function batchMaterialsOf(node: Object3D, surface: string): Material[] {
  const drawn = drawnOf.get(node);
  if (!drawn) return [];
  return drawn.record.ranges.flatMap((range) => {
    const material = range.surface === surface ? materialOf(drawn.meshes.get(range.batch)) : undefined;
    return material ? [material] : [];
  });
}

/**
 * The roof material most of the model's buildings with a flat (or a pitched) roof are drawn with, for a
 * building node of that model: a roof the visitor turns from flat to pitched looks like the pitched roofs
 * around it, not like gravel. Undefined when the model has no such roof.
 */
export function typicalRoofMaterial(node: Object3D, pitched: boolean): Material | undefined {
  const drawn = drawnOf.get(node);
  if (!drawn) return undefined;
  const buildings = new Map<number, number>();
  for (const record of drawn.records) {
    const shape = (record.extras as { roofShape?: unknown }).roofShape;
    if (typeof shape !== 'string' || (shape !== 'flat') !== pitched) continue;
    for (const batch of new Set(record.ranges.filter((r) => r.surface === 'roof').map((r) => r.batch))) buildings.set(batch, (buildings.get(batch) ?? 0) + 1);
  }
  const most = [...buildings].sort((a, b) => b[1] - a[1])[0];
  return most && materialOf(drawn.meshes.get(most[0]));
}

/** The material a batch mesh is drawn with (its first, should it have several). */
function materialOf(mesh: Mesh | undefined): Material | undefined {
  const material = mesh?.material;
  return Array.isArray(material) ? material[0] : material;
}

/**
 * Stops drawing a building node's surfaces in the model's batches (its triangles' indices collapse to
 * one vertex), so a redrawn version can take their place.
 */
export function hideBatchSurfaces(node: Object3D, surfaces: string[]): void {
  const drawn = drawnOf.get(node);
  if (!drawn) return;
  for (const surface of surfaces) drawn.hidden.add(surface);
  for (const range of drawn.record.ranges) {
    const index = drawn.meshes.get(range.batch)?.geometry.index;
    if (!index || !surfaces.includes(range.surface)) continue;
    const keep = index.getX(range.first);
    for (let i = range.first; i < range.first + range.count; i++) index.setX(i, keep);
    index.needsUpdate = true;
  }
}

/**
 * A building node's meshes with their world matrices up to date: its own (a corrected roof) and, for a
 * building drawn in the model's batches, one mesh per batch holding only its triangles (sharing the
 * batch's vertices, not added to the scene), for measuring or outlining it; without the surfaces
 * named in `leaveOut`.
 */
export function buildingMeshes(node: Object3D, leaveOut: readonly string[] = []): Mesh[] {
  node.updateWorldMatrix(true, true);
  const meshes: Mesh[] = [];
  node.traverse((object) => {
    if (object instanceof Mesh && !leaveOut.includes(object.geometry.userData.surface)) meshes.push(object);
  });
  const drawn = drawnOf.get(node);
  if (!drawn) return meshes;
  const shown = drawn.record.ranges.filter((range) => !drawn.hidden.has(range.surface) && !leaveOut.includes(range.surface));
  for (const batch of new Set(shown.map((range) => range.batch))) {
    const source = drawn.meshes.get(batch);
    const index = source?.geometry.index;
    if (!source || !index) continue;
    const own: number[] = [];
    for (const range of shown) if (range.batch === batch) for (let i = range.first; i < range.first + range.count; i++) own.push(index.getX(i));
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', source.geometry.getAttribute('position'));
    geometry.setIndex(own);
    const mesh = new Mesh(geometry, source.material);
    source.updateWorldMatrix(true, false);
    mesh.matrixWorld.copy(source.matrixWorld);
    meshes.push(mesh);
  }
  return meshes;
}
