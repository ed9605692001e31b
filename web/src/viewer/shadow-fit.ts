/** The box a directional light's shadow camera covers, centred on what the visitor looks at. */
export interface ShadowBox {
  /** Half the side of the square the shadow map covers, in metres. */
  halfSize: number;
  /** Distance from the centre to the light, and the camera's depth range. */
  lightDistance: number;
  near: number;
  far: number;
}

/** Smallest square kept crisp, and how much of the camera distance the square spans. */
const MIN_HALF_SIZE = 35;
const VIEW_SHARE = 0.9;

/**
 * Sizes the shadow camera for the current view: a square around the orbit target that grows with the
 * camera distance (what fills the screen), never beyond the model, so a 2048² map keeps roof shadows
 * crisp close up (about 3.5 cm a texel at the closest) and still covers the area in a wide view.
 *
 * @param cameraDistance - metres from the camera to the orbit target
 * @param modelRadius - metres from the model's centre to its edge
 * @param tallest - height of the tallest object, so casters between light and target are inside the range
 */
export function fitShadowBox(cameraDistance: number, modelRadius: number, tallest: number): ShadowBox {
  const halfSize = Math.min(Math.max(cameraDistance * VIEW_SHARE, MIN_HALF_SIZE), modelRadius * 1.5);
  const lightDistance = halfSize * 2 + tallest * 2 + 50;
  return { halfSize, lightDistance, near: 1, far: lightDistance + halfSize * 2 + tallest };
}
