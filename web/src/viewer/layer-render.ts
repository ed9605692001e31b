import type { Camera, Object3D, WebGLRenderer, WebGLRenderTarget } from 'three';

/**
 * Draws `scene` as `camera` sees it on `layer` alone, with `objects` (lights, marks) put on that layer
 * meanwhile, into `target` (undefined: where the renderer draws now), without clearing it; the camera,
 * the objects' layers, the renderer's target and its clearing are restored after.
 */
export function renderLayer(renderer: WebGLRenderer, scene: Object3D, camera: Camera, layer: number, objects: Object3D[], target?: WebGLRenderTarget): void {
  const mask = camera.layers.mask;
  const autoClear = renderer.autoClear;
  const previous = renderer.getRenderTarget();
  for (const object of objects) object.layers.enable(layer);
  camera.layers.set(layer);
  renderer.autoClear = false;
  try {
    if (target) renderer.setRenderTarget(target);
    renderer.render(scene, camera);
  } finally {
    if (target) renderer.setRenderTarget(previous);
    renderer.autoClear = autoClear;
    camera.layers.mask = mask;
    for (const object of objects) object.layers.disable(layer);
  }
}
