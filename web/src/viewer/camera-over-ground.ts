import { Vector3 } from 'three';
import type { GroundHeights } from './ground-heights.ts';

/** How far over the ground the camera stays, metres (its near plane is 1 m). */
export const CAMERA_CLEARANCE_M = 3;
/** How far over the ground the line from the camera to the point it orbits passes, metres. */
const SIGHT_CLEARANCE_M = 0.3;
/**
 * Along that line (0 at the point, 1 at the camera) the ground is read from here on, at each of its
 * nodes: not right by the point, where the ground it stands on would ask for a steep view to clear a few centimetres.
 */
const SIGHT_FROM = 0.15;
/**
 * The camera rises no nearer the zenith than this, radians: straight overhead it would lose its compass
 * direction, and the controls would bring it down again on the south side.
 */
const NEAREST_ZENITH = 0.05;
/** Steps of raising the camera: the ground under it and along its sight changes as it rises. */
const STEPS = 8;

/**
 * Where the camera must go to stand over the ground and see the point it orbits (`target`) past the
 * hills between: raised along its sphere about the target (same distance and compass direction, looking
 * down more steeply), so that holding a drag low on a slope neither buries it nor pushes it ever
 * farther away. Undefined where it stands well already.
 */
export function cameraOverGround(ground: GroundHeights, target: Vector3, position: Vector3): Vector3 | undefined {
  const offset = position.clone().sub(target);
  const distance = offset.length();
  const horizontal = Math.hypot(offset.x, offset.z) || 1;
  const [dx, dz] = [offset.x / horizontal, offset.z / horizontal];
  const at = (rise: number, fraction: number): [number, number] => {
    const along = Math.sqrt(Math.max(distance * distance - rise * rise, 0)) * fraction;
    return [target.x + dx * along, target.z + dz * along];
  };
  // The least rise over the target that clears the ground under the camera and along its sight, with the camera placed for `rise`.
  const least = (rise: number): number => {
    let need = (ground.highestNear(...at(rise, 1)) ?? Number.NEGATIVE_INFINITY) + CAMERA_CLEARANCE_M - target.y;
    const step = ground.spacing / Math.max(distance, 1);
    for (let fraction = SIGHT_FROM; fraction < 1; fraction += step) {
      const height = ground.heightAt(...at(rise, fraction));
      if (height !== undefined) need = Math.max(need, (height + SIGHT_CLEARANCE_M - target.y) / fraction);
    }
    return need;
  };
  let rise = offset.y;
  if (rise >= least(rise)) return undefined;
  for (let step = 0; step < STEPS; step++) {
    const need = least(rise);
    if (rise >= need) break;
    rise = Math.min(need, distance * Math.cos(NEAREST_ZENITH));
  }
  const [x, z] = at(rise, 1);
  // A hill higher than the sphere reaches: the camera stands over it, farther than asked.
  const floor = (ground.highestNear(x, z) ?? Number.NEGATIVE_INFINITY) + CAMERA_CLEARANCE_M;
  return new Vector3(x, Math.max(target.y + rise, floor), z);
}
