import {
  Box3, DirectionalLight, FogExp2, Group, HemisphereLight, Mesh, MeshStandardMaterial, NeutralToneMapping, PCFShadowMap, PerspectiveCamera,
  Scene, SRGBColorSpace, Vector3, WebGLRenderer, type Object3D,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { GLTFLoader, type GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { applyDrawOrder } from './draw-order.ts';
import { ModelBuildings } from './model-buildings.ts';
import { fitShadowBox } from './shadow-fit.ts';
import { skyColours, SkyDome } from './sky.ts';
import { sunDirection, viewHeading, type ModelDirection } from '../../../src/solar-design/index.ts';
import { NO_INSETS, type Insets } from './view-insets.ts';
import { verticalHit } from './vertical-hit.ts';
import { AdaptiveResolution, SETTLE_MS, timeGpuWork } from './adaptive-resolution.ts';
import { prepareFrame, ShadowUpdates } from './shadow-state.ts';

/** Surfaces that lie on the ground: they receive shadows but cast none (no acne on flat ground). */
const GROUND_SURFACES = new Set(['ground', 'water', 'green', 'road', 'sea', 'area', 'areas']);
/** Workers decoding the model's meshopt-compressed geometry. */
const MESHOPT_WORKERS = 2;
/** Haze: the share of colour lost to the sky's horizon grows with distance, about 12 % at the model's diameter. */
const HAZE_PER_RADIUS = 0.18;

/** The model's metadata the viewer uses (GLB `asset.extras`). */
export interface ModelInfo {
  origin?: { latitude: number; longitude: number };
  radiusKm?: number;
  attribution?: string;
  buildings?: number;
}

/**
 * The 3D view: owns renderer, scene, camera, orbit controls and the sun light. Renders only when
 * something changed (camera moved, sun moved, window resized), so an idle page costs nothing.
 */
export class Viewer {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  /** Frames drawn since the page opened (the page shows it to tests as `data-frames`). */
  frames = 0;
  content: Object3D | undefined;
  info: ModelInfo = {};
  /** The model's buildings (its building table), read once the model is shown; picking needs them. */
  buildings: Promise<ModelBuildings> | undefined;
  readonly #container: HTMLElement;
  readonly #sun = new DirectionalLight(0xfff4e0, 3);
  readonly #sky = new HemisphereLight(0xdfeeff, 0x6f665c, 0.8);
  readonly #dome = new SkyDome();
  readonly #haze = new FogExp2(0xcfe1ef, HAZE_PER_RADIUS / 300);
  readonly #resizeObserver: ResizeObserver;
  readonly #listeners = new Set<() => void>();
  #sunDirection: ModelDirection | undefined = { x: 0, y: 1, z: 0 };
  #modelRadius = 300;
  #tallest = 50;
  #renderQueued = false;
  #insets: Insets = NO_INSETS;
  /** While shaders compile in the background, frames wait (a frame would compile them at once, blocking). */
  #compiling = 0;
  readonly #resolution = new AdaptiveResolution(Math.min(window.devicePixelRatio, 2));
  /** The next frame is drawn at full resolution whatever the run of frames (a snapshot, the view at rest). */
  #rest = false;
  #settle: ReturnType<typeof setTimeout> | undefined;
  /** A frame's GPU time is being measured. */
  #measuring = false;
  readonly #shadows: ShadowUpdates;
  /** A new model's textures and shadow map are made ready in a task before its first frame. */
  #prepare = false;

  constructor(container: HTMLElement) {
    this.#container = container;
    this.renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.outputColorSpace = SRGBColorSpace;
    // Reading back each shader's compile status makes the page wait for the GPU process at every new
    // program; in production the page goes on (decoding the model) while shaders compile.
    this.renderer.debug.checkShaderErrors = import.meta.env.DEV;
    // Neutral tone mapping keeps the mapped colours of roofs and walls while rolling off sunlit highlights.
    this.renderer.toneMapping = NeutralToneMapping;
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = PCFShadowMap;
    this.#shadows = new ShadowUpdates(this.renderer);
    container.appendChild(this.renderer.domElement);
    this.camera = new PerspectiveCamera(45, 1, 1, 5000);
    this.camera.position.set(150, 150, 150);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.screenSpacePanning = false;
    this.controls.maxPolarAngle = Math.PI * 0.48;
    this.controls.minDistance = 8;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => {
      this.#resolution.interacting = true;
    });
    this.controls.addEventListener('end', () => {
      this.#resolution.interacting = false;
      this.#settleLater();
    });
    this.#sun.castShadow = true;
    this.#sun.shadow.mapSize.set(2048, 2048);
    this.#sun.shadow.bias = -0.0004;
    this.#sun.shadow.normalBias = 0.04;
    // Soft edges (filtered over a few texels) read as shadows, not as black paint.
    this.#sun.shadow.radius = 3;
    this.scene.add(this.#sun, this.#sun.target, this.#sky, this.#dome);
    this.scene.fog = this.#haze;
    this.#resizeObserver = new ResizeObserver(() => this.#resize());
    this.#resizeObserver.observe(container);
    this.#resize();
    // Read once now (three.js keeps it): read when the model arrives, it waits for the GPU's work.
    this.renderer.capabilities.getMaxAnisotropy();
    void this.compile(this.#dome);
  }

  /**
   * Downloads and decodes a GLB model (meshopt-compressed, quantized) without showing it: this needs no
   * view, so the page starts it before its view is set up.
   *
   * @param onProgress - share of the download received, 0 to 1, when the size is known
   */
  static fetchModel(url: string, onProgress?: (fraction: number) => void): Promise<GLTF> {
    // Decoding the compressed geometry runs in workers, not on the page's thread.
    MeshoptDecoder.useWorkers(MESHOPT_WORKERS);
    const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
    return loader.loadAsync(url, (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
  }

  /** Downloads and shows a GLB model, replacing any earlier one. */
  async load(url: string, onProgress?: (fraction: number) => void): Promise<void> {
    await this.show(await Viewer.fetchModel(url, onProgress));
  }

  /** Shows a decoded model once its shaders are compiled, replacing any earlier one. */
  async show(gltf: GLTF): Promise<void> {
    this.setContent(gltf);
    this.#prepare = true;
    await this.compile(this.scene);
  }

  /**
   * Compiles the shaders `object` needs in parallel (KHR_parallel_shader_compile), holding frames back
   * meanwhile: a frame would compile them at once, in one long stop of the page. Then reads their
   * uniforms and attributes, which three.js would read when first drawing with them: that read waits
   * for the GPU to finish all it was given, and the compile's end is the moment it has nothing else to
   * do (in a frame after a costly one it waits a second or more on a software renderer).
   */
  async compile(object: Object3D): Promise<void> {
    this.#compiling++;
    try {
      await this.renderer.compileAsync(object, this.camera, this.scene);
      for (const program of this.renderer.info.programs ?? []) {
        program.getUniforms();
        program.getAttributes();
      }
    } finally {
      this.#compiling--;
      this.requestRender();
    }
  }

  /** Shows a loaded model: shadows on, camera limits fitted to its size. */
  setContent(gltf: GLTF): void {
    this.clear();
    // A model of open land may hold no scene at all; show the empty ground rather than fail.
    const content: Object3D = gltf.scene ?? new Group();
    const anisotropy = Math.min(this.renderer.capabilities.getMaxAnisotropy(), 8);
    content.traverse((object) => {
      if (!(object instanceof Mesh)) return;
      const surface = surfaceOf(object);
      object.receiveShadow = true;
      object.castShadow = !GROUND_SURFACES.has(surface ?? '');
      // Roofs and streets are seen at grazing angles: anisotropic filtering keeps their texture sharp.
      for (const material of [object.material].flat()) if (material instanceof MeshStandardMaterial && material.map) material.map.anisotropy = anisotropy;
    });
    applyDrawOrder(content);
    this.content = content;
    this.info = (gltf.asset.extras ?? {}) as ModelInfo;
    this.buildings = ModelBuildings.read(gltf, content);
    // A model whose table cannot be read still shows; picking then finds no building.
    this.buildings.catch(() => undefined);
    this.scene.add(content);
    const box = new Box3().setFromObject(content);
    this.#modelRadius = Math.max(box.max.x - box.min.x, box.max.z - box.min.z) / 2 || 300;
    this.#tallest = Math.max(box.max.y - Math.min(box.min.y, 0), 10);
    this.controls.maxDistance = this.#modelRadius * 3.5;
    this.camera.far = this.#modelRadius * 12;
    this.camera.updateProjectionMatrix();
    this.#haze.density = HAZE_PER_RADIUS / this.#modelRadius;
    this.requestRender();
  }

  /** Removes the model. */
  clear(): void {
    if (!this.content) return;
    this.scene.remove(this.content);
    this.content.traverse((object) => {
      if (object instanceof Mesh) {
        object.geometry.dispose();
        for (const material of [object.material].flat()) material.dispose();
      }
    });
    this.content = undefined;
    this.buildings = undefined;
  }

  /**
   * Aims the camera at a ground point (metres east and north of the model origin) from the south-east
   * above, close enough to see the roofs around it.
   */
  frame(east: number, north: number, distance = 240): void {
    const ground = this.heightAt(east, north) ?? 0;
    const target = new Vector3(east, ground, -north);
    this.controls.target.copy(target);
    const offset = new Vector3(0.6, 0.5, 0.62).normalize().multiplyScalar(Math.min(distance, this.#modelRadius * 2));
    this.camera.position.copy(target).add(offset);
    this.controls.update();
    this.requestRender();
  }

  /** Moves the orbit target to `point` (model frame), seen from the current direction at `distance` metres. */
  focus(point: [number, number, number], distance: number): void {
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    this.controls.target.set(...point);
    this.camera.position.copy(this.controls.target).add(direction.multiplyScalar(distance));
    this.controls.update();
    this.requestRender();
  }

  /**
   * Tells the view which parts of the canvas panels cover: the orbit target is then drawn in the
   * middle of the rest (the projection is shifted, the camera does not move), so what the visitor
   * looks at is never under a panel.
   */
  setInsets(insets: Insets): void {
    const now = this.#insets;
    // Unchanged insets draw nothing: every frame of a large model costs the page a long stop on slow devices.
    if (insets.left === now.left && insets.right === now.right && insets.top === now.top && insets.bottom === now.bottom) return;
    this.#insets = insets;
    this.#applyInsets();
    this.requestRender();
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
    const daylight = smoothstep(-4, 8, elevationDeg);
    this.#sunDirection = elevationDeg > 0 ? sunDirection(azimuthDeg, elevationDeg) : undefined;
    const colours = skyColours(elevationDeg);
    this.#sun.visible = this.#sunDirection !== undefined;
    this.#sun.intensity = 2.6 * smoothstep(0, 12, elevationDeg);
    this.#sun.color.copy(colours.sun);
    // The hemisphere light is the sky's own light: its colour from the zenith, the bounce from the ground.
    this.#sky.color.copy(colours.zenith).lerp(colours.horizon, 0.5);
    this.#sky.groundColor.copy(colours.ground);
    this.#sky.intensity = 0.2 + 0.95 * daylight;
    this.#haze.color.copy(colours.horizon);
    const sun = this.#sunDirection;
    this.#dome.update(colours, sun ? new Vector3(sun.x, sun.y, sun.z) : undefined);
    this.requestRender();
  }

  /** Compass heading of the view, degrees clockwise from north. */
  heading(): number {
    const view = this.controls.target.clone().sub(this.camera.position);
    return viewHeading(view);
  }

  /** Turns the view so north is up, keeping distance and height. */
  faceNorth(): void {
    const offset = this.camera.position.clone().sub(this.controls.target);
    const horizontal = Math.hypot(offset.x, offset.z);
    this.camera.position.set(this.controls.target.x, this.camera.position.y, this.controls.target.z + horizontal);
    this.controls.update();
    this.requestRender();
  }

  /** Called after every frame drawn (the compass follows the camera with it). */
  onRender(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Asks for one frame; several requests before it is drawn make one frame.
   *
   * @param rest - draw it at full resolution even within a run of frames (a snapshot reads it)
   */
  requestRender(rest = false): void {
    this.#rest ||= rest;
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    requestAnimationFrame(() => {
      this.#renderQueued = false;
      if (this.#compiling === 0) this.#render();
    });
  }

  dispose(): void {
    this.#resizeObserver.disconnect();
    this.clear();
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  #render(): void {
    const box = this.#fitSunToView();
    this.#shadows.update(this.renderer, this.scene, this.#sun, box, this.#resolution.moving);
    if (this.#prepare) {
      // A new model: its textures and shadow map now, its first frame in the next task.
      this.#prepare = false;
      prepareFrame(this.renderer, this.scene, this.camera, [this.#sun, this.#sky]);
      this.#renderQueued = true;
      setTimeout(() => {
        this.#renderQueued = false;
        this.requestRender();
      }, 0);
      return;
    }
    const ratio = this.#resolution.frame(performance.now(), this.#rest);
    this.#rest = false;
    if (ratio !== this.renderer.getPixelRatio()) this.renderer.setPixelRatio(ratio);
    if (this.#resolution.moving) this.#settleLater();
    this.#dome.position.copy(this.camera.position);
    this.#dome.scale.setScalar(this.camera.far * 0.9);
    this.renderer.render(this.scene, this.camera);
    if (!this.#resolution.moving) this.#measureFrame();
    this.frames++;
    for (const listener of this.#listeners) listener();
  }

  /** Measures what the frame just drawn (at rest, full resolution) costs the GPU, for the next run's resolution. */
  #measureFrame(): void {
    if (this.#measuring) return;
    this.#measuring = timeGpuWork(this.renderer.getContext(), (ms) => {
      this.#measuring = false;
      this.#resolution.measured(ms);
    });
  }

  /**
   * A layer (the heatmap) says its frames will follow one another until it says it is done: they are
   * drawn at the lowered resolution from the first, and once at rest after.
   */
  run(name: string, on: boolean): void {
    this.#resolution.run(name, on);
    if (!on) this.#settleLater();
  }

  /** After a run of frames at a lowered resolution, one frame at rest at full resolution. */
  #settleLater(): void {
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => this.requestRender(true), SETTLE_MS);
  }

  /**
   * Keeps the shadow map on what the visitor looks at, so shadows on nearby roofs stay sharp. Returns
   * the box (its size and centre), to know when the map must be drawn again.
   */
  #fitSunToView(): string {
    if (!this.#sunDirection) return '';
    const target = this.controls.target;
    const box = fitShadowBox(this.camera.position.distanceTo(target), this.#modelRadius, this.#tallest);
    const direction = this.#sunDirection;
    this.#sun.position.set(target.x + direction.x * box.lightDistance, target.y + direction.y * box.lightDistance, target.z + direction.z * box.lightDistance);
    this.#sun.target.position.copy(target);
    this.#sun.target.updateMatrixWorld();
    const shadowCamera = this.#sun.shadow.camera;
    if (shadowCamera.right !== box.halfSize || shadowCamera.far !== box.far) {
      Object.assign(shadowCamera, { left: -box.halfSize, right: box.halfSize, top: box.halfSize, bottom: -box.halfSize, near: box.near, far: box.far });
      shadowCamera.updateProjectionMatrix();
    }
    return [box.halfSize, box.far, target.x, target.y, target.z].map((v) => v.toFixed(2)).join();
  }

  #resize(): void {
    const width = Math.max(this.#container.clientWidth, 1);
    const height = Math.max(this.#container.clientHeight, 1);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.#applyInsets();
    this.requestRender();
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

/** The `surface` a mesh's node or primitive declares in the GLB extras. */
function surfaceOf(object: Object3D): string | undefined {
  for (let node: Object3D | null = object; node; node = node.parent) {
    const surface = (node.userData as { surface?: string }).surface;
    if (surface) return surface;
  }
  return undefined;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(Math.max((x - edge0) / (edge1 - edge0), 0), 1);
  return t * t * (3 - 2 * t);
}
