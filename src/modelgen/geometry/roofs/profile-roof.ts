import { clipOutline } from '../clip-footprint.ts';
import type { Point2 } from '../local-frame.ts';
import type { Point3 } from '../mesh-builder.ts';
import { type Footprint, type Roof, type RoofFace, type RoofHeights, slopeOf } from './roof-types.ts';

/**
 * A roof whose cross-section is the same everywhere along one direction: skillion, gabled, saltbox,
 * gambrel, round. The profile is piecewise linear across the footprint
 * (`s` from 0 to 1 along `across`); every strip between two breaks is one planar face, and the walls
 * rise to the roof line, which makes the gable ends.
 */
export function profileRoof(footprint: Footprint, heights: RoofHeights, across: Point2, profile: [number, number][], shape: string): Roof {
  const all = footprint.outer;
  const project = (p: Point2) => p[0] * across[0] + p[1] * across[1];
  let low = Infinity;
  let high = -Infinity;
  for (const p of all) {
    low = Math.min(low, project(p));
    high = Math.max(high, project(p));
  }
  const span = Math.max(high - low, 1e-6);
  const sOf = (p: Point2) => (project(p) - low) / span;
  // A tagged pitch sets the first slope (the eaves' side); the other slopes keep the profile's shape.
  const [[s0, f0], [s1, f1]] = profile;
  const roofHeight = heights.pitch !== undefined ? (slopeOf(heights.pitch) * span * (s1 - s0)) / Math.max(Math.abs(f1 - f0), 1e-6) : heights.height - heights.wallTop;
  const heightAt = (s: number) => {
    const clamped = Math.max(0, Math.min(1, s));
    for (let i = 1; i < profile.length; i++) {
      const [s0, f0] = profile[i - 1];
      const [s1, f1] = profile[i];
      if (clamped <= s1) return heights.wallTop + roofHeight * (f0 + ((f1 - f0) * (clamped - s0)) / Math.max(s1 - s0, 1e-9));
    }
    return heights.wallTop + roofHeight * profile[profile.length - 1][1];
  };
  const lift = (p: Point2): Point3 => [p[0], p[1], heightAt(sOf(p))];

  const faces: RoofFace[] = [];
  for (let i = 1; i < profile.length; i++) {
    const from = profile[i - 1][0];
    const to = profile[i][0];
    // The strip from ≤ s ≤ to, a hair wider so that neighbouring strips meet.
    const strip = [(p: Point2) => from - 1e-9 - sOf(p), (p: Point2) => sOf(p) - to - 1e-9];
    for (const piece of clipOutline(footprint, strip)) faces.push({ outer: piece.outer.map(lift), holes: piece.inners.map((ring) => ring.map(lift)) });
  }
  const breaks = profile.slice(1, -1).map(([s]) => s);
  return {
    shape,
    faces,
    wallTopAt: (p) => heightAt(sOf(p)),
    wallBreaks: (a, b) => {
      const sa = sOf(a);
      const sb = sOf(b);
      return breaks
        .filter((s) => (s - sa) * (s - sb) < 0)
        .map((s) => (s - sa) / (sb - sa))
        .sort((x, y) => x - y)
        .map((t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as Point2);
    },
  };
}

/** Width of one sawtooth bay, metres (a typical north-light shed). */
const SAWTOOTH_BAY_M = 8;
/** Share of a bay taken by its steep glazed face. */
const SAWTOOTH_GLAZING = 0.12;

/**
 * The profile of a sawtooth roof `span` metres wide: bays of about SAWTOOTH_BAY_M, each a long slope up
 * and a steep glazed face down.
 */
export function sawtoothProfile(span: number): [number, number][] {
  const bays = Math.max(2, Math.round(span / SAWTOOTH_BAY_M));
  const profile: [number, number][] = [[0, 0]];
  for (let k = 0; k < bays; k++) profile.push([(k + 1 - SAWTOOTH_GLAZING) / bays, 1], [(k + 1) / bays, 0]);
  return profile;
}

/** Profiles (position across, height fraction) of the shapes this builder makes. */
export const PROFILES: Record<string, [number, number][]> = {
  skillion: [[0, 1], [1, 0]],
  gabled: [[0, 0], [0.5, 1], [1, 0]],
  saltbox: [[0, 0], [0.35, 1], [1, 0]],
  gambrel: [[0, 0], [0.15, 0.65], [0.5, 1], [0.85, 0.65], [1, 0]],
  round: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => {
    const s = k / 8;
    return [s, Math.sqrt(Math.max(0, 1 - (2 * s - 1) ** 2))] as [number, number];
  }),
};
