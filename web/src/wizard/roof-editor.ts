import { BufferAttribute, BufferGeometry, Mesh, type Material, type Matrix4, type Object3D } from 'three';
import { correctionNeedsSkeleton, CORRECTION_PITCH, defaultRidgeDirection, DIRECTED_SHAPES, initSkeleton, ridgeAlongWalls, type CorrectableBuilding, type CorrectableShape, type RedrawnSurface, type RoofCorrection } from '../../../src/modelgen/browser.ts';
import type { RoofSegment } from '../../../src/solar-design/index.ts';
import { formats, shapeName, t } from '../viewer/language.ts';
import type { MessageKey } from '../../../src/i18n/browser.ts';
import { batchMaterialsOf, hideBatchSurfaces, typicalRoofMaterial } from '../viewer/model-buildings.ts';
import { shareSurfaceProgram } from '../viewer/surface-program.ts';

/** The materials of a redrawn building as the model drew it: its walls' (the storeys above a ground floor dressed apart), that ground floor's, its roof's and its mapped PV's. */
interface RedrawMaterials {
  walls: Material;
  groundFloor?: Material;
  roof: Material;
  solar?: Material;
  /** Whether the roof it was drawn with is flat. */
  flatRoof: boolean;
}

/** Where a roof came from, in words for the visitor. */
const SOURCE_MESSAGES: Record<string, MessageKey> = { 'osm-tag': 'roof.fromOsm', inferred: 'roof.inferred', default: 'roof.default' };

/** What a building's metadata (its building table entry, as its node's userData) says about its roof. */
type BuildingExtras = Partial<CorrectableBuilding> & { roofShape?: string; roofSource?: string; roofConfidence?: number };

/**
 * The wizard's roof fields: show how the picked building's roof was decided, and let the visitor change
 * its shape, pitch and ridge direction. The building is redrawn at once by the generator's own roof
 * builder (the modelgen library's browser entry), and the new roof faces are handed on.
 */
export class RoofEditor {
  readonly #section: HTMLElement;
  readonly #shape: HTMLSelectElement;
  readonly #pitch: HTMLInputElement;
  readonly #ridge: HTMLInputElement;
  readonly #source: HTMLElement;
  readonly #fields: HTMLElement;
  #node: Object3D | undefined;
  /** Whether the direction field holds where a single slope faces (skillion), not a ridge's bearing. */
  #facing = false;
  /** Counts corrections and picks, so that a correction waiting for the straight skeleton does not overwrite a later one or land on a building picked again. */
  #corrections = 0;
  readonly #materials = new WeakMap<Object3D, RedrawMaterials>();

  constructor(document: Document, onCorrect: (correction: RoofCorrection) => void) {
    this.#section = document.getElementById('wizard-roof')!;
    this.#shape = document.getElementById('roof-shape') as HTMLSelectElement;
    this.#pitch = document.getElementById('roof-pitch') as HTMLInputElement;
    this.#ridge = document.getElementById('roof-ridge') as HTMLInputElement;
    this.#source = document.getElementById('roof-source')!;
    this.#fields = this.#section.querySelector('.settings-grid')!;
    this.#pitch.min = String(CORRECTION_PITCH.min);
    this.#pitch.max = String(CORRECTION_PITCH.max);
    for (const field of [this.#shape, this.#pitch, this.#ridge]) field.addEventListener('change', () => this.#node && onCorrect(this.read()));
  }

  /**
   * Shows the roof of a picked building; hidden when its outline is not in the model (SD models). A
   * measured roof (LoD2) is said to be measured, and by which survey (`dataset`), without correction
   * fields: it is the surveyed roof.
   */
  show(node: Object3D, segments: RoofSegment[], dataset: string | undefined): void {
    // A correction still waiting for the straight skeleton belongs to the building picked before.
    this.#corrections += 1;
    const extras = node.userData as BuildingExtras;
    this.#fields.hidden = dataset !== undefined;
    if (dataset !== undefined) {
      this.#node = undefined;
      this.#section.hidden = false;
      this.#source.textContent = t('roof.measured', { count: segments.length, dataset });
      return;
    }
    this.#node = extras.footprint ? node : undefined;
    // The roof builder is fetched now, while the visitor reads the design, so a correction draws at once.
    if (this.#node) void roofBuilder().catch(() => undefined);
    this.#section.hidden = !this.#node;
    if (!this.#node) return;
    const sloped = segments.filter((s) => s.pitch > 1).sort((a, b) => b.area - a.area);
    this.#showShape(extras.roofShape, sloped.length > 0);
    this.#pitch.value = String(Math.round(sloped[0]?.pitch ?? 30));
    // A flat roof made pitched gets its ridge along the outline's long side unless the visitor says otherwise.
    this.#ridge.value = String(sloped.length ? Math.round((sloped[0].azimuth + 90) % 180) : defaultRidgeDirection(extras.footprint!.outer));
    this.#facing = false;
    this.#sync();
    const sure = extras.roofSource === 'inferred' && extras.roofConfidence !== undefined;
    this.#source.textContent = sure ? t('roof.inferredSure', { percent: formats().percent(extras.roofConfidence!) }) : t(SOURCE_MESSAGES[extras.roofSource ?? ''] ?? 'roof.asModel');
  }

  /**
   * Selects the roof's shape. A drawn shape the visitor cannot choose (a dome, an onion, a mansard…) is
   * named as it is, in an option of its own that cannot be chosen again once left: shown as "gabled" with
   * a dome's 83° it was untrue.
   */
  #showShape(shape: string | undefined, sloped: boolean): void {
    this.#shape.querySelector('option[data-drawn]')?.remove();
    if (shape && ![...this.#shape.options].some((o) => o.value === shape) && shape !== 'flat' && sloped) {
      const option = this.#shape.ownerDocument.createElement('option');
      option.value = shape;
      option.textContent = shapeName(shape);
      option.dataset.drawn = '';
      option.disabled = true;
      this.#shape.prepend(option);
      this.#shape.value = shape;
      return;
    }
    this.#shape.value = shape && [...this.#shape.options].some((o) => o.value === shape) ? shape : sloped ? 'gabled' : 'flat';
  }

  hide(): void {
    this.#corrections += 1;
    this.#node = undefined;
    this.#section.hidden = true;
  }

  disable(): void {
    for (const field of [this.#shape, this.#pitch, this.#ridge]) field.disabled = true;
  }

  /** The correction the fields describe. */
  read(): RoofCorrection {
    this.#sync();
    const shape = this.#shape.value as CorrectableShape;
    if (shape === 'flat') return { shape };
    const pitch = Math.min(CORRECTION_PITCH.max, Math.max(CORRECTION_PITCH.min, Number(this.#pitch.value) || 30));
    // A pitch out of range (or none) is drawn at the nearest allowed one: the field shows what is drawn.
    if (pitch !== Number(this.#pitch.value)) this.#pitch.value = String(pitch);
    if (!DIRECTED_SHAPES.includes(shape)) return { shape, pitch };
    const typed = ((Number(this.#ridge.value) % 360) + 360) % 360;
    // A direction a few degrees off the walls runs along them (as redrawBuilding draws it): the field says so.
    const footprint = (this.#node?.userData as BuildingExtras | undefined)?.footprint;
    const along = footprint ? ridgeAlongWalls(footprint.outer, typed) : typed;
    // A ridge has no way round (a single slope's facing has): kept in 0–180° as the field shows it.
    const ridge = this.#facing ? along : along % 180;
    if (Math.abs(ridge - Number(this.#ridge.value)) >= 0.5) this.#ridge.value = String(Math.round(ridge));
    return { shape, pitch, ridgeDirection: ridge };
  }

  /**
   * Redraws the picked building with a corrected roof: its walls and roof meshes are replaced, in the
   * model's frame (the node's quantisation transform undone for the new meshes).
   *
   * Cross-gabled roofs, and hipped ones on outlines with inner corners, wait for the straight skeleton's
   * module, fetched the first time one is asked for.
   *
   * @returns the new roof faces, and, when the shape asked for could not be drawn, the sentence saying
   *   why; undefined when no building is picked, or when another building or a later correction came
   *   during the wait
   */
  async apply(correction: RoofCorrection): Promise<{ segments: RoofSegment[]; shape: CorrectableShape; fallback?: string } | undefined> {
    const node = this.#node;
    if (!node) return undefined;
    const extras = node.userData as CorrectableBuilding;
    const turn = ++this.#corrections;
    // The roof builder is fetched with the first roof picked for correcting (the page does not need it
    // before); a failed fetch is the wizard's error to show.
    const builder = roofBuilder();
    // Where it cannot be fetched, the roof is drawn without it and the roof fields say how.
    if (correctionNeedsSkeleton(extras.footprint, correction)) await initSkeleton().catch(() => undefined);
    const { redrawBuilding } = await builder;
    if (turn !== this.#corrections) return undefined;
    const materials = this.#materialsOf(node);
    if (!materials) return undefined;
    // A roof turned from flat to pitched (or back) takes the material of the model's roofs of its new kind.
    const roofMaterial = (correction.shape === 'flat') === materials.flatRoof ? materials.roof : (typicalRoofMaterial(node, correction.shape !== 'flat') ?? materials.roof);
    const tileOf = (material: Material) => (material.userData as { tile?: number }).tile;
    const redrawn = redrawBuilding(extras, correction, { walls: tileOf(materials.walls), roof: tileOf(roofMaterial), ...(materials.solar ? { solar: tileOf(materials.solar) } : {}) });
    hideBatchSurfaces(node, REDRAWN_SURFACES);
    removeRedrawn(node);
    node.updateMatrix();
    const undo = node.matrix.clone().invert();
    addSurface(node, undo, redrawn.walls, materials.walls, { surface: 'walls' });
    if (redrawn.groundFloor) addSurface(node, undo, redrawn.groundFloor, materials.groundFloor ?? materials.walls, { surface: 'walls' });
    for (const face of redrawn.roofFaces) addSurface(node, undo, face, roofMaterial, { surface: 'roof', roofSegments: face.segments });
    // PV mapped on the roof stays where it lies and takes the new roof's heights.
    const solar = redrawn.existingSolar;
    if (solar && materials.solar) addSurface(node, undo, solar.surface, materials.solar, { surface: 'existing-solar' });
    const segments = redrawn.roofFaces.flatMap((f) => f.segments as RoofSegment[]);
    node.userData = { ...node.userData, roofShape: redrawn.shape, roofSource: 'corrected', roofCorrection: correction, roofSegments: segments, ...(solar ? { existingSolar: solar.installations } : {}) };
    // Where the roof could not be drawn as asked, the roof fields say so for as long as they show it.
    // The reason is the generator's technical one, in English: kept for support, not written to the visitor.
    const fallback = redrawn.fallback && t('wizard.roofFallback', { shape: shapeName(correction.shape), drawn: shapeName(redrawn.shape) });
    this.#source.textContent = fallback || t('roof.corrected');
    this.#source.title = redrawn.fallback ?? '';
    if (redrawn.fallback) console.warn(`roof drawn as ${redrawn.shape}, not ${correction.shape}: ${redrawn.fallback}`);
    return { segments, shape: redrawn.shape, ...(fallback ? { fallback } : {}) };
  }

  /**
   * The materials a building is redrawn in: those it is drawn with in the model's batches (walls, a
   * ground floor dressed apart, roof), kept for its later corrections.
   */
  #materialsOf(node: Object3D): RedrawMaterials | undefined {
    let materials = this.#materials.get(node);
    if (!materials) {
      const walls = batchMaterialsOf(node, 'walls');
      const roof = batchMaterialsOf(node, 'roof')[0] ?? walls[0];
      if (!walls.length || !roof) return undefined;
      const solar = batchMaterialsOf(node, 'existing-solar')[0];
      materials = { walls: walls[walls.length - 1], ...(walls.length > 1 ? { groundFloor: walls[0] } : {}), roof, ...(solar ? { solar } : {}), flatRoof: (node.userData as BuildingExtras).roofShape === 'flat' };
      this.#materials.set(node, materials);
    }
    return materials;
  }

  /**
   * Pitch and ridge only mean something on pitched roofs. A single slope has no ridge: the field then
   * says where the slope faces, and its value turns with it (a ridge's bearing to the side of it nearer
   * the south, and back).
   */
  #sync(): void {
    // A shape drawn as mapped and not correctable (a dome) has no pitch or ridge to set.
    const drawn = this.#shape.selectedOptions[0]?.dataset.drawn !== undefined;
    const flat = this.#shape.value === 'flat' || drawn;
    this.#pitch.closest('label')!.hidden = flat;
    // A hipped roof's ridge follows the outline; a pyramid has none.
    this.#ridge.closest('label')!.hidden = !DIRECTED_SHAPES.includes(this.#shape.value as CorrectableShape);
    const facing = this.#shape.value === 'skillion';
    if (facing === this.#facing) return;
    this.#facing = facing;
    // A quarter turn takes a ridge to a face looking across it (the southern one) and a face back to its ridge.
    const turned = ((Number(this.#ridge.value) || 0) + 90) % 360;
    const value = !facing ? turned % 180 : Math.abs(turned - 180) > 90 ? (turned + 180) % 360 : turned;
    this.#ridge.value = String(Math.round(value));
    const label = this.#ridge.closest('label')!.querySelector('span')!;
    label.dataset.i18n = facing ? 'roof.slopeFaces' : 'roof.ridge';
    label.textContent = t(label.dataset.i18n as MessageKey);
  }
}

/** The surfaces a correction redraws: the building's own and the PV mapped on its roof. */
const REDRAWN_SURFACES = ['walls', 'roof', 'existing-solar'];

/**
 * Removes the surfaces of a building's last correction. (The first time there are none: the building is
 * drawn in the model's batches, hidden instead.)
 */
function removeRedrawn(node: Object3D): void {
  const previous: Mesh[] = [];
  node.traverse((object) => {
    if (object instanceof Mesh && REDRAWN_SURFACES.includes(object.geometry.userData.surface)) previous.push(object);
  });
  for (const mesh of previous) {
    mesh.removeFromParent();
    mesh.geometry.dispose();
  }
}

/** Adds a redrawn surface to a building node, in the model's frame (`undo`: the node's own transform undone). */
function addSurface(node: Object3D, undo: Matrix4, surface: RedrawnSurface, material: Material, userData: Record<string, unknown>): void {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(surface.positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(surface.normals, 3));
  // Stored as in the model (16-bit, in steps of a repeat): the batch material's texture transform scales them.
  if (surface.uvs) geometry.setAttribute('uv', new BufferAttribute(surface.uvs, 2));
  geometry.userData = userData;
  const mesh = new Mesh(geometry, material);
  undo.decompose(mesh.position, mesh.quaternion, mesh.scale);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  // Unshaded (white vertex colours, not black) and drawn with the model's own program.
  shareSurfaceProgram(mesh);
  node.add(mesh);
}

/** The generator's roof builder, a module of its own that the page fetches once, when first needed. */
function roofBuilder(): Promise<typeof import('../../../src/modelgen/browser-redraw.ts')> {
  return import('../../../src/modelgen/browser-redraw.ts');
}
