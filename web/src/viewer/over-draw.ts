import { SRGBColorSpace, WebGLRenderTarget, type Camera, type Material, type Object3D, type Scene, type WebGLRenderer } from 'three';
import { renderLayer } from './layer-render.ts';

/**
 * The layer of what is drawn over the last frame instead of a whole frame (see {@link drawOver}): whole
 * frames never draw it (the view's camera sees layer 0 only). The heatmap puts the cells whose colour
 * changed on it.
 */
export const OVER_LAYER = 29;

/**
 * The visible marks drawn on top of everything (materials without a depth test: the house's pin and
 * outline, the sun path, the measure tool), and the lights: drawn with the same lights, the objects keep
 * their compiled programs and the next whole frame finds the lights as it left them.
 */
function marksAndLights(scene: Object3D): { marks: Object3D[]; lights: Object3D[] } {
  const marks: Object3D[] = [];
  const lights: Object3D[] = [];
  scene.traverseVisible((object) => {
    if (!object.layers.isEnabled(0)) return;
    if ((object as Object3D & { isLight?: boolean }).isLight) lights.push(object);
    const material = (object as Object3D & { material?: Material | Material[] }).material;
    if (material && [material].flat().some((m) => !m.depthTest)) marks.push(object);
  });
  return { marks, lights };
}

/** Drawing the mark again over itself leaves its pixels as they were: one opaque colour (a label's soft, textured edges would darken). */
function redrawable(mark: Object3D): boolean {
  const material = (mark as Object3D & { material: Material | Material[] }).material;
  return [material].flat().every((m) => m.opacity === 1 && !(m as Material & { map?: unknown }).map);
}

/**
 * Draws what is on {@link OVER_LAYER} over the frame on the canvas, depth-tested against it, then the
 * marks on top once more over it: what a whole frame would show when only those objects changed, at a
 * fraction of its cost — the canvas keeps its colour and depth between frames (`preserveDrawingBuffer`),
 * and the camera and the rest of the scene are as the last frame drew them (the caller's promise).
 * On a software renderer a whole frame of a 0.3 km model takes 0.1–0.7 s whatever the resolution;
 * the changed cells of a heatmap take a few milliseconds.
 *
 * @returns false, drawing nothing, when a mark cannot be drawn twice: a whole frame is needed
 */
export function drawOver(renderer: WebGLRenderer, scene: Scene, camera: Camera): boolean {
  const { marks, lights } = marksAndLights(scene);
  if (!marks.every(redrawable)) return false;
  renderLayer(renderer, scene, camera, OVER_LAYER, [...marks, ...lights]);
  return true;
}

/** A one-pixel target in the canvas's colour space (the same compiled programs), for {@link uploadOver}. */
let uploadTarget: WebGLRenderTarget | undefined;

/**
 * Sends what is on {@link OVER_LAYER} to the GPU (its vertices and indexes) without the page waiting:
 * drawn into a one-pixel target, not the canvas, nothing is composited, so the page goes on while the
 * GPU takes the data in (a software renderer takes about 0.1 s over a heatmap's 0.7 MB).
 */
export function uploadOver(renderer: WebGLRenderer, scene: Scene, camera: Camera): void {
  if (!uploadTarget) {
    uploadTarget = new WebGLRenderTarget(1, 1);
    uploadTarget.texture.colorSpace = SRGBColorSpace;
  }
  renderLayer(renderer, scene, camera, OVER_LAYER, marksAndLights(scene).lights, uploadTarget);
}
