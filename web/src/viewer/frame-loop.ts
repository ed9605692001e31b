import type { Object3D, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import type { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { AdaptiveResolution, SETTLE_MS, timeGpuWork } from './adaptive-resolution.ts';
import type { SceneLighting } from './scene-lighting.ts';
import { drawOver, uploadOver } from './over-draw.ts';
import { prepareFrame, ShadowUpdates } from './shadow-state.ts';

/**
 * Draws the view on demand: only when something changed (camera moved, sun moved, window resized), so
 * an idle page costs nothing. Frames wait while shaders compile, a new model's first frame is prepared
 * in a task of its own, the shadow map is drawn only when it changed, and runs of frames are drawn at
 * a resolution the device keeps up with.
 */
export class FrameLoop {
  readonly #renderer: WebGLRenderer;
  readonly #scene: Scene;
  readonly #camera: PerspectiveCamera;
  readonly #controls: OrbitControls;
  readonly #lighting: SceneLighting;
  readonly #listeners = new Set<() => void>();
  /** Frames drawn since the page opened. */
  frames = 0;
  #renderQueued = false;
  #overQueued = false;
  /** While shaders compile in the background, frames wait (a frame would compile them at once, blocking). */
  #compiling = 0;
  /** A frame waits for the shaders being compiled (one was asked for, or a new model is to be shown). */
  #held = false;
  readonly #resolution = new AdaptiveResolution(Math.min(window.devicePixelRatio, 2));
  /** The next frame is drawn at full resolution whatever the run of frames (a snapshot, the view at rest). */
  #rest = false;
  #settle: ReturnType<typeof setTimeout> | undefined;
  /** A frame's GPU time is being measured. */
  #measuring = false;
  readonly #shadows: ShadowUpdates;
  /** The last frame drawn was one of a run (maybe lowered, its shadow box maybe stale): a frame at rest must follow. */
  #lastInRun = false;
  /** A new model's textures and shadow map are yet to be made ready (see {@link prepareNewModel}). */
  #prepare = false;
  /** Nothing is drawn before the first model (see {@link FrameLoop.constructor}). */
  #hasModel = false;
  /** Puts the canvas on the page, just before the first model's frame. */
  readonly #beforeFirstFrame: () => void;

  /**
   * Draws `scene` through `camera`, following `controls`: a move draws, a drag is a run of frames.
   *
   * Until a model is shown, the loading card covers the view and nothing is drawn, nor is the canvas on
   * the page (`beforeFirstFrame` puts it there): a canvas on the page is composited, and with a software
   * renderer each composited frame reads the canvas back, making the page's thread wait for all the
   * GPU's work queued before (the sky's and the model's shaders compiling) while the model downloads.
   */
  constructor(renderer: WebGLRenderer, scene: Scene, camera: PerspectiveCamera, controls: OrbitControls, lighting: SceneLighting, beforeFirstFrame: () => void) {
    this.#renderer = renderer;
    this.#beforeFirstFrame = beforeFirstFrame;
    this.#scene = scene;
    this.#camera = camera;
    this.#controls = controls;
    this.#lighting = lighting;
    this.#shadows = new ShadowUpdates(renderer);
    controls.addEventListener('change', () => this.requestRender());
    controls.addEventListener('start', () => {
      this.#resolution.interacting = true;
    });
    controls.addEventListener('end', () => {
      this.#resolution.interacting = false;
      this.#settleLater();
    });
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
      await this.#renderer.compileAsync(object, this.#camera, this.#scene);
      for (const program of this.#renderer.info.programs ?? []) {
        program.getUniforms();
        program.getAttributes();
      }
    } finally {
      this.#compiling--;
      // Only a frame that waited is drawn: a shader compiled ahead (the heatmap's) changes no pixel,
      // and a whole frame costs a software renderer most of a second.
      if (this.#compiling === 0 && this.#held) {
        this.#held = false;
        this.requestRender();
      }
    }
  }

  /**
   * The scene holds a new model: its shadow map is drawn (and its textures uploaded) ahead of its first
   * frame, in a task of its own right after the current one (which aims the camera), while its shaders
   * compile; the frame itself then only draws.
   */
  prepareNewModel(): void {
    this.#prepare = true;
    this.#hasModel = true;
    this.#held = true;
    setTimeout(() => this.#prepareModel(), 0);
  }

  #prepareModel(): void {
    if (!this.#prepare) return;
    this.#prepare = false;
    const box = this.#lighting.fitSunToView(this.#camera.position, this.#controls.target);
    this.#shadows.update(this.#renderer, this.#scene, this.#lighting.sun, box, false);
    prepareFrame(this.#renderer, this.#scene, this.#camera, [this.#lighting.sun, this.#lighting.sky]);
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
      if (this.#compiling > 0) this.#held = true;
      else if (this.#hasModel) this.#render();
    });
  }

  /**
   * Asks for what is on the over-draw layer (the heatmap's changed cells) to be drawn over the last
   * frame in the next animation frame ({@link drawOver}), when nothing else changed: the camera, the
   * scene and the canvas are as the last frame left them. A whole frame asked for meanwhile draws
   * everything instead.
   */
  requestOver(): void {
    if (this.#renderQueued || this.#overQueued) return;
    this.#overQueued = true;
    requestAnimationFrame(() => {
      this.#overQueued = false;
      // A whole frame comes in this animation frame, or none was drawn yet (the first draws all).
      if (this.#renderQueued || this.frames === 0) return;
      // Shaders compile: a whole frame follows them.
      if (this.#compiling > 0) {
        this.#held = true;
        return;
      }
      if (!drawOver(this.#renderer, this.#scene, this.#camera)) {
        this.requestRender();
        return;
      }
      this.frames++;
      for (const listener of this.#listeners) listener();
    });
  }

  /** Sends what is on the over-draw layer to the GPU now, without drawing it ({@link uploadOver}). */
  uploadOver(): void {
    uploadOver(this.#renderer, this.#scene, this.#camera);
  }

  #render(): void {
    const box = this.#lighting.fitSunToView(this.#camera.position, this.#controls.target);
    this.#shadows.update(this.#renderer, this.#scene, this.#lighting.sun, box, this.#resolution.moving);
    // Drawn before its preparation ran: this frame does it.
    this.#prepare = false;
    const ratio = this.#resolution.frame(performance.now(), this.#rest);
    this.#lastInRun = this.#resolution.moving;
    this.#rest = false;
    if (ratio !== this.#renderer.getPixelRatio()) this.#renderer.setPixelRatio(ratio);
    this.#lighting.followCamera(this.#camera);
    if (this.frames === 0) this.#beforeFirstFrame();
    this.#renderer.render(this.#scene, this.#camera);
    if (!this.#resolution.moving) this.#measureFrame();
    this.frames++;
    for (const listener of this.#listeners) listener();
  }

  /** Measures what the frame just drawn (at rest, full resolution) costs the GPU, for the next run's resolution. */
  #measureFrame(): void {
    if (this.#measuring) return;
    this.#measuring = timeGpuWork(this.#renderer.getContext(), (ms) => {
      this.#measuring = false;
      this.#resolution.measured(ms);
    });
  }

  /**
   * When a run of frames ends (the visitor lets go of the view), one frame at rest at full resolution,
   * shortly after — not while another run goes on: a full frame amid a turn on a slow GPU outlasts the
   * delay, and each would call the next (frames of a second, the whole turn long).
   */
  #settleLater(): void {
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => {
      if (!this.#resolution.moving && this.#lastInRun) this.requestRender(true);
    }, SETTLE_MS);
  }
}
