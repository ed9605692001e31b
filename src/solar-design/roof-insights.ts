import { existingSolarOf, keepExistingSolarFree } from './existing-solar.ts';
import { cross, FaceFrame, normalise, type RoofSegment, type Vec3 } from './face-frame.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL, type LayoutOptions, type PanelSpec } from './panel-spec.ts';
import { layoutRoof, type PlacedPanel } from './roof-layout.ts';
import type { ShadedSurface, ShadingEngine } from './shading-engine.ts';
import { skyDirections, yearlySunSamples } from './sun-samples.ts';

/** A building as a model's GLB gives it: its id, its node's extras (PV already mapped) and its roof faces. */
export interface InsightBuilding {
  id: string;
  extras: Record<string, unknown>;
  segments: RoofSegment[];
}

/** A building's roof as the wizard would lay it out and shade it. */
export interface ShadedRoof {
  id: string;
  segments: RoofSegment[];
  /** Every panel the wizard's layout places, PV already on the roof left free. */
  candidates: PlacedPanel[];
  /** Yearly shading loss of each candidate, 0–1 (traced, or its nearest traced neighbour's on the face). */
  losses: number[];
  /** Yearly shading loss of each roof face's own plane, 0–1. */
  faceLosses: number[];
  /** How many surfaces were traced for this roof. */
  traced: number;
  /** Area of the PV already mapped on the roof (new panels go around it), m². */
  existingSolarM2: number;
}

/** Panels traced per model when no budget is given: one to two seconds of tracing on one core. */
export const DEFAULT_TRACE_BUDGET = 1000;
/** Flat faces have their own plane traced at no more than this many of their racks' places. */
const FLAT_FACE_SAMPLES = 2;
/** Side of the surface traced on a face too small for a panel, metres. */
const FACE_SAMPLE_SIDE = 1;
/** A face's own plane is traced this far above it, as panels are mounted: above PV already on it (8 cm). */
const FACE_SAMPLE_HEIGHT = 0.1;

export interface RoofShadingOptions {
  latitude: number;
  longitude: number;
  panel?: PanelSpec;
  layout?: LayoutOptions;
  /** Panels traced over all the buildings given (at least one per face with panels; faces' own planes come on top). */
  traceBudget?: number;
}

/**
 * Lays panels out on every building's roof with the wizard's layout, and traces the shading with the
 * wizard's engine, sun and sky samples. A face whose panels fit its share of the trace budget has every
 * panel traced, exactly as the wizard does; on a larger face an even spread of its panels is traced and
 * each other panel takes the loss of the nearest traced one. Each face's own plane is traced too (its
 * panels where it is pitched, the same places level where it is flat, its middle when no panel fits).
 */
export function shadeRoofs(buildings: InsightBuilding[], engine: ShadingEngine, options: RoofShadingOptions): ShadedRoof[] {
  const panel = options.panel ?? DEFAULT_PANEL;
  const layout = options.layout ?? DEFAULT_LAYOUT;
  const sun = yearlySunSamples(options.latitude, options.longitude);
  const sky = skyDirections();
  const laidOut = buildings.map((building) => {
    const existing = existingSolarOf(building.extras);
    const existingSolarM2 = existing.reduce((sum, pv) => sum + pv.area, 0);
    return { building, existingSolarM2, candidates: keepExistingSolarFree(layoutRoof(building.segments, options.latitude, panel, layout), existing) };
  });
  const share = traceShares(laidOut.flatMap((roof) => roof.building.segments.map((_, face) => roof.candidates.filter((c) => c.face === face).length)), options.traceBudget ?? DEFAULT_TRACE_BUDGET);
  let faceNumber = 0;
  const trace = (surfaces: ShadedSurface[]) => engine.shade(surfaces, sun, sky).map((shading) => shading.loss);
  return laidOut.map(({ building, candidates, existingSolarM2 }) => {
    const losses = new Array<number>(candidates.length).fill(0);
    const faceLosses: number[] = [];
    let traced = 0;
    building.segments.forEach((segment, face) => {
      const onFace = candidates.map((candidate, index) => ({ candidate, index })).filter(({ candidate }) => candidate.face === face);
      const faceShare = share[faceNumber++];
      if (onFace.length === 0) {
        faceLosses.push(trace([faceMiddle(segment, options.latitude)])[0]);
        traced += 1;
        return;
      }
      const chosen = spread(onFace, faceShare);
      const chosenLosses = trace(chosen.map(({ candidate }) => candidate));
      traced += chosen.length;
      const tracedCentres = chosen.map((c) => c.candidate.centre);
      for (const { candidate, index } of onFace) losses[index] = chosenLosses[nearest(candidate.centre, tracedCentres)];
      if (segment.pitch >= layout.flatRoofBelowDeg) faceLosses.push(mean(chosenLosses));
      else {
        const level = spread(chosen, FLAT_FACE_SAMPLES).map(({ candidate }) => levelSurface(candidate, segment));
        faceLosses.push(mean(trace(level)));
        traced += level.length;
      }
    });
    return { id: building.id, segments: building.segments, candidates, losses, faceLosses, traced, existingSolarM2 };
  });
}

/**
 * How many panels of each face to trace: all of them where the budget allows, else shares growing with
 * the square root of a face's panel count (at least one), so that small roofs — houses — keep several
 * traced panels beside large flat roofs.
 */
export function traceShares(counts: number[], budget: number): number[] {
  if (counts.reduce((a, b) => a + b, 0) <= budget) return counts;
  // The largest scale whose shares fit the budget, by bisection (the shares only grow with it).
  const shares = (scale: number) => counts.map((n) => Math.min(n, Math.max(1, Math.floor(scale * Math.sqrt(n)))));
  let [low, high] = [0, budget];
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (shares(middle).reduce((a, b) => a + b, 0) <= budget) low = middle;
    else high = middle;
  }
  return shares(low);
}

/** `count` items spread evenly through a list (the layout places panels row by row, so across the face). */
function spread<T>(items: T[], count: number): T[] {
  if (count >= items.length) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / count)]);
}

/** Index of the point of `among` nearest to `point`. */
function nearest(point: Vec3, among: Vec3[]): number {
  let best = 0;
  let bestDistance = Infinity;
  among.forEach((other, i) => {
    const distance = (point[0] - other[0]) ** 2 + (point[1] - other[1]) ** 2 + (point[2] - other[2]) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  });
  return best;
}

/** A rack's place on a flat face, lying level on the face instead of tilted. */
function levelSurface(rack: PlacedPanel, segment: RoofSegment): ShadedSurface {
  const normal = normalise(segment.normal);
  return { centre: rack.centre, normal, across: rack.across, up: normalise(cross(normal, rack.across)), width: rack.width, height: rack.height };
}

/** A small surface on a face at the mean of its corners, raised as panels are. */
function faceMiddle(segment: RoofSegment, latitude: number): ShadedSurface {
  const frame = new FaceFrame(segment, latitude >= 0 ? [0, 0, 1] : [0, 0, -1]);
  const n = segment.outline.length;
  const middle = [0, 1, 2].map((k) => segment.outline.reduce((sum, point) => sum + point[k], 0) / n) as Vec3;
  const centre = middle.map((value, k) => value + frame.normal[k] * FACE_SAMPLE_HEIGHT) as Vec3;
  return { centre, normal: frame.normal, across: frame.u, up: frame.v, width: FACE_SAMPLE_SIDE, height: FACE_SAMPLE_SIDE };
}

function mean(values: number[]): number {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
