import type { Point2 } from '../local-frame.ts';
import { envelopeRoof, halfHippedPlanes, hippedPlanes } from './envelope-roof.ts';
import { flatRoof } from './flat-roof.ts';
import { PROFILES, profileRoof, sawtoothProfile } from './profile-roof.ts';
import { REVOLVED_PROFILES, revolvedRoof } from './revolved-roof.ts';
import { CROSS_GABLED, type Footprint, type Roof, type RoofHeights } from './roof-types.ts';
import { minimumBoundingRectangle, needsStraightSkeleton, roofSpan, roundsTheCourtyard } from './roof-outline.ts';
import { skeletonLoaded, skeletonRoof } from './skeleton-roof.ts';

const COMPASS: Record<string, number> = { N: 0, NNE: 22.5, NE: 45, ENE: 67.5, E: 90, ESE: 112.5, SE: 135, SSE: 157.5, S: 180, SSW: 202.5, SW: 225, WSW: 247.5, W: 270, WNW: 292.5, NW: 315, NNW: 337.5 };

/** What happened when a roof was built: the shape drawn, and why it differs from the tagged one. */
export interface RoofOutcome {
  roof: Roof;
  fallback?: string;
}

/**
 * Builds the roof a building's tags ask for. Shapes: flat, skillion, gabled, saltbox, gambrel, round
 * (profile roofs: one ridge, also on L-, T- and U-shaped outlines); cross-gabled (a gable on every wing:
 * the straight skeleton with gabled wing ends, which the visitor can choose); sawtooth (bays of a long slope and a steep glazed face); half-hipped (lower envelope of four planes); hipped and mansard (straight skeleton); pyramidal (one apex
 * on convex outlines, skeleton otherwise), dome, half-dome, onion (revolved). `roof:direction` (degrees or compass) is the direction a skillion's, gable's or half-hipped roof's main face looks;
 * `roof:orientation=across` turns a ridge across the long side. An unknown shape or a failed build
 * falls back to flat, and says so.
 */
export function buildRoof(footprint: Footprint, heights: RoofHeights, tags: Record<string, string>, shape: string): RoofOutcome {
  // A roof at a given pitch rises as far as the pitch takes it; otherwise it needs some height to be one.
  const noRise = heights.pitch === undefined && heights.height - heights.wallTop < 0.05;
  if (noRise || shape === 'flat') return { roof: flatRoof(footprint, heights) };
  try {
    if (shape === 'half-hipped') {
      const across = directionVector(tags['roof:direction']) ?? ridgeAcross(footprint.outer, tags['roof:orientation'] === 'across');
      return { roof: envelopeRoof(footprint, halfHippedPlanes(footprint, heights, across), shape) };
    }
    if (shape === CROSS_GABLED) return crossGabledRoof(footprint, heights, tags);
    if (roundsTheCourtyard(footprint, tags, shape)) {
      const round = roundTheCourtyard(footprint, heights, tags);
      if (round) return { roof: round };
    }
    if (PROFILES[shape]) {
      // `roof:direction` is where the roof's main face looks: across the ridge.
      const across = directionVector(tags['roof:direction']) ?? ridgeAcross(footprint.outer, tags['roof:orientation'] === 'across');
      return { roof: profileRoof(footprint, heights, across, PROFILES[shape], shape) };
    }
    if (shape === 'sawtooth') {
      // The teeth follow the long side; their slopes face across it, as a shed's rows of north lights do.
      const across = ridgeAcross(footprint.outer, tags['roof:orientation'] === 'across');
      const values = footprint.outer.map(([x, y]) => x * across[0] + y * across[1]);
      return { roof: profileRoof(footprint, heights, across, sawtoothProfile(Math.max(...values) - Math.min(...values)), shape) };
    }
    if (shape === 'hipped' && !needsStraightSkeleton(footprint, shape)) {
      // On a convex outline the skeleton's faces are the walls' planes: no WebAssembly needed (browser).
      return { roof: envelopeRoof(footprint, hippedPlanes(footprint, heights), shape) };
    }
    if (needsStraightSkeleton(footprint, shape)) {
      const roof = skeletonRoof(footprint, guessedPitchHeld(footprint, heights, tags), shape);
      return roof ? { roof } : { roof: flatRoof(footprint, heights), fallback: `${shape}: straight skeleton failed` };
    }
    if (REVOLVED_PROFILES[shape]) return { roof: revolvedRoof(footprint, heights, shape) };
    return { roof: flatRoof(footprint, heights), fallback: `unknown roof shape "${shape}"` };
  } catch (error) {
    return { roof: flatRoof(footprint, heights), fallback: `${shape}: ${(error as Error).message}` };
  }
}

/**
 * A cross-gabled roof, or where it cannot be one, a gable along the long side that says why: no skeleton
 * (its module not loaded, or CGAL failing on the outline), or no wing end to gable (a square). Wing ends
 * that are no clean triangle (a pointed or slanted end) stay hipped.
 */
function crossGabledRoof(footprint: Footprint, heights: RoofHeights, tags: Record<string, string>): RoofOutcome {
  const gable = (reason: string): RoofOutcome => ({ ...buildRoof(footprint, heights, tags, 'gabled'), fallback: `${CROSS_GABLED}: ${reason}` });
  if (!skeletonLoaded()) return gable('straight skeleton not loaded');
  try {
    const roof = skeletonRoof(footprint, guessedPitchHeld(footprint, heights, tags), CROSS_GABLED);
    return roof ? { roof } : gable('no wing end to gable');
  } catch {
    // CGAL's own message (a C++ exception's text) says nothing to a visitor.
    return gable('straight skeleton failed');
  }
}

/**
 * A gabled roof on a block around courtyards, following the block round: one ridge along every wing, a
 * gable where a wing ends, hips at the corners (all hips where no wing ends: the drawn shape says
 * `hipped`), eaves level all round (the straight skeleton). One gable
 * over the whole outline would be a single slope with the courtyards cut out of it, its gable walls as
 * tall as the block is wide. Undefined where the skeleton is not loaded or fails: one gable then.
 */
function roundTheCourtyard(footprint: Footprint, heights: RoofHeights, tags: Record<string, string>): Roof | undefined {
  if (!skeletonLoaded()) return undefined;
  const held = guessedPitchHeld(footprint, heights, tags);
  try {
    return skeletonRoof(footprint, held, CROSS_GABLED) ?? skeletonRoof(footprint, held, 'hipped');
  } catch {
    return undefined;
  }
}

/**
 * A roof height guessed for the outline (building-heights.ts, from the width the roof spans: {@link roofSpan})
 * kept as the pitch it makes over that span, on every face of a roof drawn by the straight skeleton: its
 * faces rise from every wall, and the skeleton's depth is not the span's half everywhere (a hipped L's
 * corner). A mapped height, angle or roof storeys is the roof's own and kept.
 */
function guessedPitchHeld(footprint: Footprint, heights: RoofHeights, tags: Record<string, string>): RoofHeights {
  const guessed = heights.pitch === undefined && tags['roof:height'] === undefined && tags['roof:levels'] === undefined;
  const halfWidth = roofSpan(footprint, tags) / 2;
  return guessed && halfWidth > 0 ? { ...heights, pitch: (Math.atan((heights.height - heights.wallTop) / halfWidth) * 180) / Math.PI } : heights;
}

/** The unit vector a `roof:direction` value points to (0 = north, 90 = east), or undefined. */
export function directionVector(value: string | undefined): Point2 | undefined {
  if (value === undefined) return undefined;
  const degrees = COMPASS[value.trim().toUpperCase()] ?? Number.parseFloat(value);
  if (!Number.isFinite(degrees)) return undefined;
  const radians = (degrees * Math.PI) / 180;
  return [Math.sin(radians), Math.cos(radians)];
}


/**
 * The direction across the ridge: perpendicular to the long side of the footprint's smallest bounding
 * rectangle (along its short side when `across` is asked for).
 */
export function ridgeAcross(ring: Point2[], across: boolean): Point2 {
  const longAxis = minimumBoundingRectangle(ring).along;
  const ridge: Point2 = across ? [-longAxis[1], longAxis[0]] : longAxis;
  return [-ridge[1], ridge[0]];
}
