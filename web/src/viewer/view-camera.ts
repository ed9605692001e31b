import { PerspectiveCamera, Vector3, type Box3 } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { viewHeading } from '../../../src/solar-design/index.ts';
import { cameraOverGround } from './camera-over-ground.ts';
import type { GroundHeights } from './ground-heights.ts';
import { NO_INSETS, type Insets } from './view-insets.ts';

/**
 * Where the visitor looks from: the camera, the orbit controls that move it, and the panels covering
 * parts of the canvas, around which the view is framed. Moves only; the viewer draws after them.
 */
export class ViewCamera {
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly #container: HTMLElement;
  #insets: Insets = NO_INSETS;
  #ground: GroundHeights | undefined;
  /** The visitor is moving the view (between the controls' start and end): a moved target is a pan. */
  #interacting = false;
  readonly #lastTarget = new Vector3();

  constructor(container: HTMLElement, canvas: HTMLCanvasElement) {
    this.#container = container;
    this.camera = new PerspectiveCamera(45, 1, 1, 5000);
    this.camera.position.set(150, 150, 150);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.screenSpacePanning = false;
    this.controls.maxPolarAngle = Math.PI * 0.48;
    this.controls.minDistance = 8;
    this.controls.addEventListener('start', () => {
      this.#interacting = true;
      this.#lastTarget.copy(this.controls.target);
    });
    this.controls.addEventListener('end', () => {
      this.#interacting = false;
    });
    this.controls.addEventListener('change', () => this.#followGround());
  }

  /**
   * The ground the view keeps to from now on (undefined: none): the camera stays over it, and a pan
   * carries the target over it at the height above it the target had. Applied to the view at once;
   * returns whether that moved the camera.
   */
  setGround(ground: GroundHeights | undefined): boolean {
    this.#ground = ground;
    this.#lastTarget.copy(this.controls.target);
    const before = this.camera.position.clone();
    this.#followGround();
    return !this.camera.position.equals(before);
  }

  /**
   * Keeps the view to the ground after a move. Orbiting low on a slope would take the camera into the
   * hill (the ground then vanishes, seen from below) or behind it; panning uphill would bury the point
   * it orbits.
   */
  #followGround(): void {
    const ground = this.#ground;
    if (!ground) return;
    const { target } = this.controls;
    const position = this.camera.position;
    if (this.#interacting && (target.x !== this.#lastTarget.x || target.z !== this.#lastTarget.z)) {
      const before = ground.heightAt(this.#lastTarget.x, this.#lastTarget.z);
      const after = ground.heightAt(target.x, target.z);
      if (before !== undefined && after !== undefined) {
        const lift = Math.max(after - before, after - target.y);
        target.y += lift;
        position.y += lift;
      }
    }
    this.#lastTarget.copy(target);
    const raised = cameraOverGround(ground, target, position);
    if (raised) {
      position.copy(raised);
      this.camera.lookAt(target);
    }
  }

  /** Limits zoom and far plane to a model of `radius` metres. */
  fitModel(radius: number): void {
    this.controls.maxDistance = radius * 3.5;
    this.camera.far = radius * 12;
    this.camera.updateProjectionMatrix();
  }

  /** Aims the camera at `target` from the south-east above, `distance` metres away. */
  aim(target: Vector3, distance: number): void {
    this.controls.target.copy(target);
    const offset = new Vector3(0.6, 0.5, 0.62).normalize().multiplyScalar(distance);
    this.camera.position.copy(target).add(offset);
    this.controls.update();
  }

  /** Moves the orbit target to `point` (model frame), seen from the current direction at `distance` metres. */
  focus(point: [number, number, number], distance: number): void {
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    this.controls.target.set(...point);
    this.camera.position.copy(this.controls.target).add(direction.multiplyScalar(distance));
    this.controls.update();
  }

  /** Compass heading of the view, degrees clockwise from north. */
  heading(): number {
    const view = this.controls.target.clone().sub(this.camera.position);
    return viewHeading(view);
  }

  /** Turns the view about its target to look towards `headingDeg` (0 = north, clockwise), keeping distance and height. */
  faceHeading(headingDeg: number): void {
    const offset = this.camera.position.clone().sub(this.controls.target);
    const horizontal = Math.hypot(offset.x, offset.z);
    const rad = (headingDeg * Math.PI) / 180;
    // The camera stands behind the target, opposite the heading (model frame: x east, z south).
    this.camera.position.set(this.controls.target.x - Math.sin(rad) * horizontal, this.camera.position.y, this.controls.target.z + Math.cos(rad) * horizontal);
    this.controls.update();
  }

  /**
   * Sets the parts of the canvas panels cover: the orbit target is then drawn in the middle of the rest
   * (the projection is shifted, the camera does not move). Returns whether they changed.
   */
  setInsets(insets: Insets): boolean {
    const now = this.#insets;
    // Unchanged insets draw nothing: every frame of a large model costs the page a long stop on slow devices.
    if (insets.left === now.left && insets.right === now.right && insets.top === now.top && insets.bottom === now.bottom) return false;
    this.#insets = insets;
    this.#applyInsets();
    return true;
  }

  /** The parts of the canvas panels cover, as last set. */
  get insets(): Insets {
    return this.#insets;
  }

  /** The camera distance at which a sphere of `radius` metres around the target fills the uncovered view. */
  distanceToShow(radius: number): number {
    const width = Math.max(this.#container.clientWidth, 1);
    const height = Math.max(this.#container.clientHeight, 1);
    const { left, right, top, bottom } = this.#insets;
    const tanHalfHeight = Math.tan((this.camera.fov * Math.PI) / 360);
    const visibleHeight = tanHalfHeight * ((height - top - bottom) / height);
    const visibleWidth = tanHalfHeight * (width / height) * ((width - left - right) / width);
    return radius / Math.max(Math.min(visibleHeight, visibleWidth), 0.05);
  }

  /**
   * Moves the view so that all of `box` (model frame) is drawn in the uncovered part of the canvas, and
   * `margins` (CSS pixels; controls lying over the view's edges) in from its edges: aimed at its foot from
   * the same direction, as far back as it needs. A box already in sight leaves the view as it is. Returns
   * whether the view moved.
   */
  bringIntoView(box: Box3, margins: Insets = NO_INSETS): boolean {
    const shows = () => this.shows(box, margins);
    if (shows()) return false;
    const centre = box.getCenter(new Vector3());
    centre.y = box.min.y;
    const reach = Math.max(...corners(box).map((corner) => corner.distanceTo(centre)));
    this.focus([centre.x, centre.y, centre.z], Math.max(this.camera.position.distanceTo(this.controls.target), this.distanceToShow(reach)));
    // The sphere's estimate ignores perspective: step back until the box is in sight, within the zoom's
    // limit (a box too large for the view, or margins leaving no room, stop there) and a few steps.
    for (let step = 0; step < MAX_STEPS_BACK && !shows(); step++) {
      const distance = this.camera.position.distanceTo(this.controls.target);
      const next = Math.min(distance * 1.15, this.controls.maxDistance);
      if (next <= distance + 1e-3) break;
      this.focus([centre.x, centre.y, centre.z], next);
    }
    return true;
  }

  /** Whether every corner of `box` is drawn in front of the camera, in the uncovered part of the canvas within `margins`. */
  shows(box: Box3, margins: Insets = NO_INSETS): boolean {
    return this.showsPoints(corners(box), margins);
  }

  /** Whether every point (model frame) is drawn in front of the camera, in the uncovered part of the canvas within `margins`. */
  showsPoints(points: readonly Vector3[], margins: Insets = NO_INSETS): boolean {
    const width = Math.max(this.#container.clientWidth, 1);
    const height = Math.max(this.#container.clientHeight, 1);
    const [left, right, top, bottom] = (['left', 'right', 'top', 'bottom'] as const).map((side) => this.#insets[side] + margins[side]);
    this.camera.updateMatrixWorld();
    return points.every((point) => {
      const { x, y, z } = point.clone().project(this.camera);
      return z < 1 && x >= -1 + (2 * left) / width && x <= 1 - (2 * right) / width && y >= -1 + (2 * bottom) / height && y <= 1 - (2 * top) / height;
    });
  }

  /** Follows a new size of the canvas (CSS pixels). */
  resize(width: number, height: number): void {
    this.camera.aspect = width / height;
    this.#applyInsets();
  }

  #applyInsets(): void {
    const width = Math.max(this.#container.clientWidth, 1);
    const height = Math.max(this.#container.clientHeight, 1);
    const { left, right, top, bottom } = this.#insets;
    if (left === right && top === bottom) this.camera.clearViewOffset();
    else this.camera.setViewOffset(width, height, (right - left) / 2, (bottom - top) / 2, width, height);
    this.camera.updateProjectionMatrix();
  }
}

/** Steps back of 15 % at most that bringing a box into view takes (×1.15^20 ≈ 16: any house, from the opening distance). */
const MAX_STEPS_BACK = 20;

/** The eight corners of a box. */
function corners(box: Box3): Vector3[] {
  const { min, max } = box;
  return [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new Vector3(i & 1 ? max.x : min.x, i & 2 ? max.y : min.y, i & 4 ? max.z : min.z));
}
