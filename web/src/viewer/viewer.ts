import { Box3, Group, Scene, Vector3, type Object3D, type PerspectiveCamera, type WebGLRenderer } from 'three';
import type { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import type { StreetLabel } from '../../../src/modelgen/browser.ts';
import { applyDrawOrder } from './draw-order.ts';
import { FrameLoop } from './frame-loop.ts';
import { disposeContent, prepareContent } from './model-content.ts';
import { ModelBuildings } from './model-buildings.ts';
import { createRenderer } from './renderer-setup.ts';
import { uploadTextures } from './shadow-state.ts';
import { SceneLighting } from './scene-lighting.ts';
import { StreetLabels } from './street-labels.ts';
import { verticalHit } from './vertical-hit.ts';
import { GroundHeights } from './ground-heights.ts';
import { ViewCamera } from './view-camera.ts';
import type { Insets } from './view-insets.ts';
import { listenForViewKeys } from './view-keys.ts';

/** The model's metadata the viewer uses (GLB `asset.extras`). */
export interface ModelInfo {
  origin?: { latitude: number; longitude: number };
  radiusKm?: number;
  attribution?: string;
  buildings?: number;
  /** Where street names are written on the roads (both qualities since SD draws the streets). */
  streetLabels?: StreetLabel[];
  /** Where house numbers are written in front of the houses (both qualities). */
  houseNumbers?: StreetLabel[];
  /** Where the model's data come from; `lod2` lists the measured datasets drawn, with their names for people. */
  sources?: { lod2?: { name: string; title?: string }[]; /** Why the model stands on flat ground (no terrain data for the place), when it does. */ terrainFlat?: string };
}

/**
 * The 3D view: owns renderer, scene, camera, orbit controls and the sun light, and shows one model.
 * Renders only when something changed (camera moved, sun moved, window resized), so an idle page
 * costs nothing (see {@link FrameLoop}).
 */
export class Viewer {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  content: Object3D | undefined;
  info: ModelInfo = {};
  /** Street names on the roads (outside the model: picking and shading never see them). */
  readonly streetLabels = new StreetLabels(this.scene);
  /** The model's buildings (its building table), read once the model is shown; picking needs them. */
  buildings: Promise<ModelBuildings> | undefined;
  readonly #container: HTMLElement;
  readonly #lighting = new SceneLighting();
  readonly #view: ViewCamera;
  readonly #loop: FrameLoop;
  readonly #resizeObserver: ResizeObserver;
  #modelRadius = 300;

  constructor(container: HTMLElement) {
    this.#container = container;
    const [width, height] = this.#size();
    this.renderer = createRenderer(width, height);
    this.#view = new ViewCamera(container, this.renderer.domElement);
    this.camera = this.#view.camera;
    this.controls = this.#view.controls;
    listenForViewKeys(container, this.controls);
    // The canvas goes on the page with the first model's frame (see FrameLoop).
    this.#loop = new FrameLoop(this.renderer, this.scene, this.camera, this.controls, this.#lighting, () => container.appendChild(this.renderer.domElement));
    this.#lighting.addTo(this.scene);
    // A name turned upside down by the view is laid again from its other end, in the next frame.
    this.#loop.onRender(() => {
      if (this.streetLabels.follow(this.camera, this.targetDistance)) this.requestRender();
    });
    this.#resizeObserver = new ResizeObserver(() => this.#resize());
    this.#resizeObserver.observe(container);
    this.#resize();
    // Read once now (three.js keeps it): read when the model arrives, it waits for the GPU's work.
    this.renderer.capabilities.getMaxAnisotropy();
    void this.compile(this.#lighting.dome);
  }

  /** Distance from the camera to the point it orbits, metres. */
  get targetDistance(): number {
    return this.camera.position.distanceTo(this.controls.target);
  }

  /** Writes the shown model's street names and house numbers on its ground, and asks for a frame. */
  showStreetLabels(): void {
    this.streetLabels.show(this.info.streetLabels, this.info.houseNumbers, this.camera, this.targetDistance);
    this.requestRender();
  }

  /** Frames drawn since the page opened (the page shows it to tests as `data-frames`). */
  get frames(): number {
    return this.#loop.frames;
  }

  /**
   * Shows a decoded model once its shaders are compiled, replacing any earlier one. The model is in
   * the scene when this returns (its `info` is known); the promise resolves once it can be drawn.
   */
  async show(gltf: GLTF): Promise<void> {
    this.setContent(gltf);
    this.#loop.prepareNewModel();
    const compiled = this.compile(this.scene);
    // The textures go to the GPU while it compiles the shaders, instead of before the first frame.
    uploadTextures(this.renderer, this.scene);
    await compiled;
  }

  /** Compiles the shaders `object` needs in parallel, holding frames back meanwhile ({@link FrameLoop.compile}). */
  compile(object: Object3D): Promise<void> {
    return this.#loop.compile(object);
  }

  /** Shows a loaded model: shadows on, camera limits fitted to its size. */
  setContent(gltf: GLTF): void {
    this.clear();
    // A model of open land may hold no scene at all; show the empty ground rather than fail.
    const content: Object3D = gltf.scene ?? new Group();
    prepareContent(content, Math.min(this.renderer.capabilities.getMaxAnisotropy(), 8));
    applyDrawOrder(content);
    this.content = content;
    this.info = (gltf.asset.extras ?? {}) as ModelInfo;
    // Decoded once the model's first frame is drawn (or after a second, when frames are held back):
    // only picking needs it, and its decoding would hold that frame back.
    const shown = this.#nextFrame();
    this.buildings = shown.then(() => ModelBuildings.read(gltf, content));
    // A model whose table cannot be read still shows; picking then finds no building.
    this.buildings.catch(() => undefined);
    // The camera keeps over the ground from the first frame on (reading it would hold that frame back),
    // read in a task of its own after the building table's: two short stops of the page, not one long.
    void shown.then(() => setTimeout(() => this.#followGroundOf(content), 0));
    this.scene.add(content);
    const box = new Box3().setFromObject(content);
    this.#modelRadius = Math.max(box.max.x - box.min.x, box.max.z - box.min.z) / 2 || 300;
    const tallest = Math.max(box.max.y - Math.min(box.min.y, 0), 10);
    this.#view.fitModel(this.#modelRadius);
    this.#lighting.fitModel(this.#modelRadius, tallest);
    this.requestRender();
  }

  /** Reads the ground of `content`, if it is still the model shown, and keeps the camera over it. */
  #followGroundOf(content: Object3D): void {
    if (this.content !== content) return;
    const start = performance.now();
    const ground = GroundHeights.read(content);
    // The time the page's thread is held (bench/RESULTS.md reads it).
    performance.measure('viewer:ground-heights', { start, end: performance.now() });
    if (this.#view.setGround(ground)) this.requestRender();
  }

  /** Removes the model. */
  clear(): void {
    if (!this.content) return;
    this.scene.remove(this.content);
    this.streetLabels.clear();
    disposeContent(this.content);
    this.content = undefined;
    this.buildings = undefined;
    this.#view.setGround(undefined);
  }

  /**
   * Aims the camera at a ground point (metres east and north of the model origin) from the south-east
   * above, close enough to see the roofs around it.
   */
  frame(east: number, north: number, distance = 240): void {
    const ground = this.heightAt(east, north) ?? 0;
    this.#view.aim(new Vector3(east, ground, -north), Math.min(distance, this.#modelRadius * 2));
    this.requestRender();
  }

  /** Whether every point (model frame) is drawn in the uncovered part of the view, `margins` in from its edges. */
  showsPoints(points: readonly Vector3[], margins: Insets): boolean {
    return this.#view.showsPoints(points, margins);
  }

  /**
   * Moves the view just enough that all of `box` (model frame) is in sight, `margins` (CSS pixels) in from
   * the view's edges: a large house on a phone, say.
   */
  bringIntoView(box: Box3, margins: Insets): void {
    if (this.#view.bringIntoView(box, margins)) this.requestRender();
  }

  /** Moves the orbit target to `point` (model frame), seen from the current direction at `distance` metres. */
  focus(point: [number, number, number], distance: number): void {
    this.#view.focus(point, distance);
    this.requestRender();
  }

  /**
   * Tells the view which parts of the canvas panels cover: the orbit target is then drawn in the
   * middle of the rest (the projection is shifted, the camera does not move), so what the visitor
   * looks at is never under a panel.
   */
  setInsets(insets: Insets): void {
    if (this.#view.setInsets(insets)) this.requestRender();
  }

  /** The parts of the canvas panels cover, as last set. */
  get insets(): Insets {
    return this.#view.insets;
  }

  /** The camera distance at which a sphere of `radius` metres around the target fills the uncovered view. */
  distanceToShow(radius: number): number {
    return this.#view.distanceToShow(radius);
  }

  /** Height of the highest surface at a ground point, or undefined outside the model. */
  heightAt(east: number, north: number): number | undefined {
    if (!this.content) return undefined;
    return verticalHit(this.content, east, -north)?.point.y;
  }

  /**
   * Places the sun; `undefined` (or below the horizon) is night: no direct light, a dark sky.
   *
   * @param azimuthDeg - clockwise from north
   * @param elevationDeg - above the horizon
   */
  setSun(azimuthDeg: number, elevationDeg: number): void {
    this.#lighting.setSun(azimuthDeg, elevationDeg);
    this.requestRender();
  }

  /** Compass heading of the view, degrees clockwise from north. */
  heading(): number {
    return this.#view.heading();
  }

  /** Turns the view about its target to look towards `headingDeg` (0 = north, clockwise; 0 puts north up), keeping distance and height. */
  faceHeading(headingDeg: number): void {
    this.#view.faceHeading(headingDeg);
    this.requestRender();
  }

  /** Called after every frame drawn (the compass follows the camera with it). */
  onRender(listener: () => void): () => void {
    return this.#loop.onRender(listener);
  }

  /**
   * Asks for one frame; several requests before it is drawn make one frame.
   *
   * @param rest - draw it at full resolution even within a run of frames (a snapshot reads it)
   */
  requestRender(rest = false): void {
    this.#loop.requestRender(rest);
  }

  /**
   * Draws what is on the over-draw layer (`OVER_LAYER`: a heatmap's changed cells) over the last frame,
   * in the next animation frame, instead of a whole frame ({@link FrameLoop.requestOver}).
   */
  requestOver(): void {
    this.#loop.requestOver();
  }

  /** Sends what is on the over-draw layer to the GPU now, without drawing it or waiting for it. */
  uploadOver(): void {
    this.#loop.uploadOver();
  }

  dispose(): void {
    this.#resizeObserver.disconnect();
    this.clear();
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  /** Resolves once the next frame is drawn, or after a second without one. */
  #nextFrame(): Promise<void> {
    return new Promise((resolve) => {
      const stop = this.onRender(() => {
        stop();
        resolve();
      });
      setTimeout(() => {
        stop();
        resolve();
      }, 1000);
    });
  }

  /** The view's size in CSS pixels. */
  #size(): [number, number] {
    return [Math.max(this.#container.clientWidth, 1), Math.max(this.#container.clientHeight, 1)];
  }

  #resize(): void {
    const [width, height] = this.#size();
    this.renderer.setSize(width, height, false);
    this.#view.resize(width, height);
    this.requestRender();
  }
}
