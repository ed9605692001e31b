/** Frames closer together than this are one run of frames (the view turns). */
const RUN_MS = 1000;
/** After the last frame of a run, the view is drawn at rest this much later. */
export const SETTLE_MS = 300;
/** A frame slower than this lowers the resolution of the frames that follow it in a run. */
const SLOW_MS = 90;
/** A frame quicker than this raises it again. */
const QUICK_MS = 40;
/**
 * The shares of the full pixel ratio frames in a run may be drawn at (few steps: each change resizes the
 * canvas). The last, a sixteenth of the pixels, is for GPUs that take half a second or more over a full
 * frame (a weak phone's, a software renderer's): at a third of the pixels they still pause the page
 * for over 100 ms.
 */
const SHARES = [1, 0.75, 0.5, 0.35, 0.25];
/** What a frame in a run should cost at most (ms). */
const TARGET_MS = 60;

/**
 * Chooses each frame's pixel ratio: the full ratio for a frame at rest, and a lower one for frames in a
 * run (the visitor turns the view) when such frames are slow
 * — a phone's or a software renderer's GPU draws a quarter of the pixels in about a quarter of the
 * time. The lower ratio is kept between runs, so the next run starts where the last one settled; a
 * device that draws quickly stays at the full ratio. After a run, the viewer draws one frame at rest.
 */
export class AdaptiveResolution {
  readonly #full: number;
  #step = 0;
  #interacting = false;
  #last = -Infinity;
  #inRun = 0;

  /** @param full - the pixel ratio of a frame at rest */
  constructor(full: number) {
    this.#full = full;
  }

  /** The visitor is turning, panning or zooming the view (between the controls' start and end). */
  set interacting(value: boolean) {
    this.#interacting = value;
  }

  /**
   * What a frame at rest (full ratio) was measured to cost the GPU (ms): the next run starts at the
   * share that should draw in about 60 ms (the cost goes with the pixels, the square of the share), so
   * its first frames are not slow ones, and changing the resolution amid slow frames (which waits for
   * them) is rare.
   */
  measured(fullFrameMs: number): void {
    const share = Math.sqrt(TARGET_MS / Math.max(fullFrameMs, 1));
    const step = SHARES.findIndex((candidate) => candidate <= share);
    this.#step = step === -1 ? SHARES.length - 1 : step;
  }

  /**
   * Whether frames are drawn as part of a run (at the lowered ratio): only while the visitor moves the
   * view. Frames that merely follow one another (a model's first frames, the house's marks) are not
   * one: lowering the resolution then would resize the canvas while the GPU still draws them, and the
   * resize waits for it (1.5 s in a trace on SwiftShader). A layer filling in (the heatmap) is drawn
   * over the last frame instead (over-draw.ts).
   */
  get moving(): boolean {
    return this.#interacting;
  }

  /** The pixel ratio to draw a frame at, drawn at `now` (ms); `rest` asks for a full frame whatever the run. */
  frame(now: number, rest = false): number {
    const gap = now - this.#last;
    this.#last = now;
    this.#inRun = rest ? 0 : gap < RUN_MS ? this.#inRun + 1 : 0;
    if (rest || !this.moving) return this.#full;
    // Only the gap between two frames of a turn measures a frame (the first follows a pause).
    if (this.#inRun >= 1 && gap > SLOW_MS) this.#step = Math.min(this.#step + (gap > 3 * SLOW_MS ? 2 : 1), SHARES.length - 1);
    else if (this.#inRun >= 1 && gap < QUICK_MS) this.#step = Math.max(this.#step - 1, 0);
    return this.#full * SHARES[this.#step];
  }
}

/**
 * Times the GPU work given so far (a frame just drawn) with a fence whose status is read without
 * waiting (a sync object's status changes between tasks), and calls `done` with the milliseconds.
 * Returns false when it cannot (WebGL 1).
 */
export function timeGpuWork(gl: WebGLRenderingContext | WebGL2RenderingContext, done: (ms: number) => void): boolean {
  if (!(gl instanceof WebGL2RenderingContext)) return false;
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return false;
  gl.flush();
  const started = performance.now();
  const poll = (): void => {
    if (gl.isContextLost()) return;
    if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) {
      setTimeout(poll, 8);
      return;
    }
    gl.deleteSync(fence);
    done(performance.now() - started);
  };
  setTimeout(poll, 0);
  return true;
}
