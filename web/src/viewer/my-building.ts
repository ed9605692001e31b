import {
  Box3, BufferGeometry, ConeGeometry, EdgesGeometry, Float32BufferAttribute, Group, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial, SphereGeometry, Vector3, type Material, type Object3D,
} from 'three';
import { buildingBelow, pickRoofBelow, type PickedRoof } from '../wizard/roof-picker.ts';
import { t } from './language.ts';
import { buildingMeshes, type ModelBuildings } from './model-buildings.ts';
import type { Viewer } from './viewer.ts';

/** How far from the address point a building may stand and still be "the" house (metres). */
const SEARCH_RADII = [0, 4, 8, 14];
const DIRECTIONS = 8;
/** How far past the wall a building was met at the pin stands, metres. */
const INWARD_M = 2;
/** Edges between faces meeting at more than this angle are drawn (keeps flat roofs' triangles out). */
const EDGE_ANGLE_DEG = 25;
const MARKER_COLOUR = 0xdc2626;
const OUTLINE_COLOUR = 0xfacc15;
/** The pin's opacity while a design is shown on the roofs (it is drawn over everything, panels too). */
const PIN_FADED_OPACITY = 0.3;
/** The outline is drawn through everything, its back edges too: faded while panels lie on the roof. */
const OUTLINE_FADED_OPACITY = 0.25;

/** The visitor's building: the one under the requested or chosen point. */
export interface MyBuildingFound {
  osmId: string;
  /** Its roof, when the model has roof faces for it (the wizard opens on it). */
  roof: PickedRoof | undefined;
}

/**
 * Marks the requested point (the embed's location, or an address the visitor chose) with a pin and
 * outlines the building under it, all its building parts with it, so a visitor sees which house is
 * "mine". The page shows the id of the piece under the point as `data-my-building` on `#app` and how
 * many pieces are outlined as `data-my-building-pieces` (tests read them).
 */
export class MyBuilding {
  readonly #viewer: Viewer;
  readonly #app: HTMLElement;
  readonly #marks = new Group();
  // Marks over the scene, not in it: the distance haze would wash a far building's outline out.
  readonly #pinMaterial = new MeshBasicMaterial({ color: MARKER_COLOUR, depthTest: false, transparent: true, fog: false });
  readonly #outlineMaterial = new LineBasicMaterial({ color: OUTLINE_COLOUR, depthTest: false, transparent: true, fog: false });
  /**
   * The building marked: the piece under the point (the pin stands on it), every piece the building is
   * drawn in (its parts, outlined together), and the box around them all.
   */
  #marked: { node: Object3D; pieces: Object3D[]; east: number; north: number; box?: Box3 } | undefined;

  constructor(viewer: Viewer, app: HTMLElement) {
    this.#viewer = viewer;
    this.#app = app;
    this.#marks.name = 'my-building';
    // Hidden stand-ins with the marks' materials, so their shaders are compiled with the model's, before
    // its first frame: compiled on first use, the frame showing the marks would wait for the GPU to
    // finish drawing the model (seconds on a software renderer). A line needs positions to get the
    // outline's program.
    const standIns = new Group();
    standIns.visible = false;
    const line = new BufferGeometry().setAttribute('position', new Float32BufferAttribute([0, 0, 0, 0, 1, 0], 3));
    standIns.add(new Mesh(new ConeGeometry(1, 1, 3), this.#pinMaterial), new LineSegments(line, this.#outlineMaterial));
    viewer.scene.add(this.#marks, standIns);
  }

  /**
   * Outlines the building under a ground point (metres east and north of the model origin), or the
   * nearest one within 14 m (an address point may sit on a wall or the entrance), and stands the pin on
   * it; with no building near, the pin stands on the ground at the point. Returns the building, or
   * undefined when there is none near. `buildings` is the model's building table (without it, only the
   * pin is placed). The page shows the point as `data-marker` and where the pin stands as `data-pin`
   * (metres east, north).
   */
  mark(east: number, north: number, buildings: ModelBuildings | undefined): MyBuildingFound | undefined {
    this.clear();
    const content = this.#viewer.content;
    if (!content) return undefined;
    const found = nearestBuilding(content, buildings, east, north);
    const ground = this.#viewer.heightAt(east, north) ?? 0;
    if (found) {
      // The pin stands on the house: where the search met it, when the point itself is beside it.
      const pieces = buildings?.piecesOf(found.node) ?? [found.node];
      this.#marked = { node: found.node, pieces, east: found.east, north: found.north };
      this.#markBuilding();
      this.#app.dataset.myBuilding = found.osmId;
      this.#app.dataset.myBuildingPieces = String(pieces.length);
    } else this.#marks.add(pin(east, ground, north, this.#pinMaterial));
    this.#describe(t(found ? 'page.houseMarked' : 'page.pointMarked'));
    this.#app.dataset.marker = `${east.toFixed(1)},${north.toFixed(1)}`;
    this.#app.dataset.pin = found ? `${found.east.toFixed(1)},${found.north.toFixed(1)}` : this.#app.dataset.marker;
    this.#viewer.requestRender();
    if (!found) return undefined;
    return { osmId: found.osmId, roof: pickRoofBelow(content, buildings, found.east, found.north) };
  }

  /**
   * Fades the pin and the outline while the Solar Wizard shows a design, so the panels under them show
   * through (faint, the outline still marks the house), and brings them back when the design is cleared.
   */
  fade(faded: boolean): void {
    const opacity = faded ? PIN_FADED_OPACITY : 1;
    if (this.#pinMaterial.opacity === opacity) return;
    this.#pinMaterial.opacity = opacity;
    this.#outlineMaterial.opacity = faded ? OUTLINE_FADED_OPACITY : 1;
    this.#app.dataset.pinFaded = String(faded);
    this.#viewer.requestRender();
  }

  /** A building was redrawn (its roof corrected): when it is the one marked, its outline and pin follow. */
  redrawn(node: Object3D): void {
    if (!this.#marked?.pieces.includes(node)) return;
    this.#removeMarks();
    this.#markBuilding();
    this.#viewer.requestRender();
  }

  /** The box around the marked building and its pin (model frame), or undefined when none is marked. */
  bounds(): Box3 | undefined {
    const box = this.#marked?.box;
    return box && !box.isEmpty() ? box : undefined;
  }

  clear(): void {
    this.#removeMarks();
    this.#marked = undefined;
    delete this.#app.dataset.myBuilding;
    delete this.#app.dataset.myBuildingTop;
    delete this.#app.dataset.myBuildingPieces;
    delete this.#app.dataset.marker;
    delete this.#app.dataset.pin;
    this.#describe('');
  }

  /** Tells screen readers what the marks show (the view's description). */
  #describe(text: string): void {
    const description = this.#app.ownerDocument.getElementById('stage-description');
    if (description) description.textContent = text;
  }

  /**
   * Outlines the marked building, all its pieces, and stands the pin on the top of the piece under it
   * (shown as `data-my-building-top`, metres).
   */
  #markBuilding(): void {
    const marked = this.#marked!;
    const { node, pieces, east, north } = marked;
    // Measured once a drawing (again after a roof correction): the pin's height and the opening view's frame.
    const own = boundsOf(node);
    marked.box = pieces.reduce((box, piece) => (piece === node ? box : box.union(boundsOf(piece))), own.clone());
    const top = own.isEmpty() ? 0 : own.max.y;
    const marker = pin(east, top, north, this.#pinMaterial);
    // The pin is framed with the house: on a tower its head stands over the top.
    marked.box.union(new Box3().setFromObject(marker));
    this.#marks.add(marker, ...pieces.map((piece) => outline(piece, this.#outlineMaterial)));
    this.#app.dataset.myBuildingTop = top.toFixed(2);
  }

  #removeMarks(): void {
    for (const child of [...this.#marks.children]) {
      this.#marks.remove(child);
      child.traverse((object) => {
        // The materials are the page's, shared by every mark.
        if (object instanceof Mesh || object instanceof LineSegments) (object.geometry as BufferGeometry).dispose();
      });
    }
  }
}

/** The building under the point, or the first met on rings around it. */
function nearestBuilding(content: Object3D, buildings: ModelBuildings | undefined, east: number, north: number): { node: Object3D; osmId: string; east: number; north: number } | undefined {
  for (const radius of SEARCH_RADII) {
    const steps = radius === 0 ? 1 : DIRECTIONS;
    for (let i = 0; i < steps; i++) {
      const angle = (2 * Math.PI * i) / steps;
      const x = east + radius * Math.cos(angle);
      const y = north + radius * Math.sin(angle);
      const building = buildingBelow(content, buildings, x, y);
      if (!building) continue;
      if (radius === 0) return { ...building, east: x, north: y };
      // Met at its wall: the pin stands in the middle of the house, where it reads as on it from any side
      // (at the far edge of its roof it looked like the neighbour's), else a little further in than the wall.
      const middle = boundsOf(building.node).getCenter(new Vector3());
      if (buildingBelow(content, buildings, middle.x, -middle.z)?.node === building.node) return { ...building, east: middle.x, north: -middle.z };
      const [inX, inY] = [x + INWARD_M * Math.cos(angle), y + INWARD_M * Math.sin(angle)];
      const further = buildingBelow(content, buildings, inX, inY)?.node === building.node;
      return further ? { ...building, east: inX, north: inY } : { ...building, east: x, north: y };
    }
  }
  return undefined;
}

/**
 * The box around a building (model frame, metres). A building drawn in the model's batches shares the
 * batch's vertices, so only those its own triangles use count (the geometry's bounding box would be the
 * whole batch's: the tallest building of the model).
 */
function boundsOf(node: Object3D): Box3 {
  const box = new Box3();
  const point = new Vector3();
  for (const object of buildingMeshes(node)) {
    const position = object.geometry.getAttribute('position');
    const index = object.geometry.index;
    const count = index ? index.count : position.count;
    for (let i = 0; i < count; i++) box.expandByPoint(point.fromBufferAttribute(position, index ? index.getX(i) : i).applyMatrix4(object.matrixWorld));
  }
  return box;
}

/** A red pin standing on the point, its tip at `height`, drawn over everything so it is never hidden. */
function pin(east: number, height: number, north: number, material: Material): Group {
  const group = new Group();
  const cone = new Mesh(new ConeGeometry(1.6, 6, 16), material);
  cone.rotation.x = Math.PI;
  cone.position.y = 3;
  const head = new Mesh(new SphereGeometry(2.4, 20, 14), material);
  head.position.y = 7;
  group.add(cone, head);
  group.position.set(east, height + 1, -north);
  group.renderOrder = 10;
  for (const child of group.children) child.renderOrder = 10;
  return group;
}

/**
 * The building's edges in a bright line, drawn over the scene so walls behind it show too; PV mapped on
 * its roof is not the building's shape and is left out.
 */
function outline(node: Object3D, material: Material): Group {
  const group = new Group();
  for (const object of buildingMeshes(node, ['existing-solar'])) {
    const lines = new LineSegments(new EdgesGeometry(object.geometry, EDGE_ANGLE_DEG), material);
    lines.applyMatrix4(object.matrixWorld);
    lines.renderOrder = 9;
    group.add(lines);
  }
  return group;
}
