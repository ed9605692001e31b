/** A direction in the model's frame: +X east, +Y up, −Z north (the GLB's axes). */
export interface ModelDirection {
  x: number;
  y: number;
  z: number;
}

const RADIANS = Math.PI / 180;

/**
 * The unit vector from the scene toward the sun, for a sun at `azimuthDeg` (clockwise from north, as the
 * solar position module gives it) and `elevationDeg` above the horizon.
 */
export function sunDirection(azimuthDeg: number, elevationDeg: number): ModelDirection {
  const azimuth = azimuthDeg * RADIANS;
  const elevation = elevationDeg * RADIANS;
  const horizontal = Math.cos(elevation);
  const east = Math.sin(azimuth) * horizontal;
  const north = Math.cos(azimuth) * horizontal;
  return { x: east, y: Math.sin(elevation), z: -north };
}

/**
 * The compass heading the camera looks toward (degrees clockwise from north), from its viewing direction
 * in the model's frame. Straight down views keep heading 0.
 */
export function viewHeading(view: ModelDirection): number {
  if (Math.hypot(view.x, view.z) < 1e-9) return 0;
  const heading = Math.atan2(view.x, -view.z) / RADIANS;
  return (heading + 360) % 360;
}
