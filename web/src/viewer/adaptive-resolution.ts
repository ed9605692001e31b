/** Frames closer together than this are one run of frames (the view turns, a layer fills in). */
const RUN_MS = 1000;
/** After the last frame of a run, the view is drawn at rest this much later. */
export const SETTLE_MS = 300;
/** A frame slower than this lowers the resolution of the frames that follow it in a run. */
const SLOW_MS = 90;
/** A frame quicker than this raises it again. */
const QUICK_MS = 40;
/** The shares of the full pixel ratio frames in a run may be drawn at (few steps: each change resizes the canvas). */
const SHARES = [1, 0.75, 0.5, 0.35];

/**
 * Chooses each frame's pixel ratio: the full ratio for a single frame (the view at rest), and a lower
 * one for frames in a run (the visitor turns the view, or a layer fills in) when such frames are slow
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

  /** Whether the last frame was drawn as part of a run (at the lowered ratio). */
  get moving(): boolean {
    return this.#interacting || this.#inRun >= 2;
  }

  /** The pixel ratio to draw a frame at, drawn at `now` (ms); `rest` asks for a full frame whatever the run. */
  frame(now: number, rest = false): number {
    const gap = now - this.#last;
    this.#last = now;
    this.#inRun = rest ? 0 : gap < RUN_MS ? this.#inRun + 1 : 0;
    if (rest || !this.moving) return this.#full;
    // Only the gap between two frames of a run measures a frame (the first follows a pause).
    if (this.#inRun >= 1 && gap > SLOW_MS) this.#step = Math.min(this.#step + (gap > 3 * SLOW_MS ? 2 : 1), SHARES.length - 1);
    else if (this.#inRun >= 1 && gap < QUICK_MS) this.#step = Math.max(this.#step - 1, 0);
    return this.#full * SHARES[this.#step];
  }
}
