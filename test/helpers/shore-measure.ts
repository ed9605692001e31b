import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { distanceToOutline, distanceToSegment, pointInRing } from '../../src/modelgen/geometry/polygon.ts';
import { HeightLookup, type Triangle } from './ground-features-measure.ts';

/** How far inland of the coastline the shore's height is read, metres. */
export const SHORE_SAMPLE_INLAND_M = 4;

/**
 * Points beside the coastline within `within` metres of the centre: `inland` metres to a coast way's left
 * (the land; negative: out to sea, on its right), every `step` metres along each segment from half a step.
 */
function besideCoast(coasts: Point2[][], inland: number, step: number, within: number): Point2[] {
  const points: Point2[] = [];
  for (const coast of coasts) {
    for (let i = 0; i + 1 < coast.length; i++) {
      const [a, b] = [coast[i], coast[i + 1]];
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const left: Point2 = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
      for (let s = step / 2; s < length; s += step) {
        const p: Point2 = [a[0] + ((b[0] - a[0]) * s) / length + inland * left[0], a[1] + ((b[1] - a[1]) * s) / length + inland * left[1]];
        if (Math.hypot(...p) <= within) points.push(p);
      }
    }
  }
  return points;
}

/**
 * The drawn ground's height over the sea just inland of the coastline (the land lies on a coast way's
 * left), read every 5 m along the coast within `within` metres of the centre: where no mapped cliff's
 * edge is within 80 m (`away`), where one is within 30 m (`along`), and on a mapped beach (`beach`, of `away`). What a visitor sees as the
 * height of a quay, a beach or a cliff over the water.
 */
export function shoreHeights(ground: HeightLookup, seaLevel: number, coasts: Point2[][], cliffs: Point2[][], within: number, beaches: Point2[][] = []): { away: number[]; along: number[]; beach: number[] } {
  const away: number[] = [];
  const along: number[] = [];
  const beach: number[] = [];
  const onBeach = (p: Point2) => beaches.some((ring) => distanceToOutline(p, ring) < 5 || pointInRing(p, ring));
  const toCliff = (p: Point2) => Math.min(Infinity, ...cliffs.flatMap((c) => c.slice(1).map((b, i) => distanceToSegment(p, c[i], b))));
  for (const p of besideCoast(coasts, SHORE_SAMPLE_INLAND_M, 5, within)) {
    const height = ground.heightAt(...p);
    if (height === undefined) continue;
    const cliff = toCliff(p);
    if (cliff > 80) away.push(height - seaLevel);
    else if (cliff < 30) along.push(height - seaLevel);
    if (cliff > 80 && onBeach(p)) beach.push(height - seaLevel);
  }
  return { away, along, beach };
}

/** The value at fraction `f` (0–1) of the sorted values. */
export function quantile(values: number[], f: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))];
}

/**
 * The drawn ground's vertices along its round edge (`edge` metres from the centre, within 5 m) where the
 * sea lies just inside them, more than 10 m from the coastline: where the ground's rim runs through the
 * sea and should lie at sea level.
 */
export function rimAtSea(groundTriangles: [number, number, number][][], sea: HeightLookup, coasts: Point2[][], edge: number): [number, number, number][] {
  const unique = new Map(groundTriangles.flat().map((v) => [v.join(), v]));
  return [...unique.values()].filter(([x, y]) => {
    const r = Math.hypot(x, y);
    return r > edge - 5 && sea.heightAt(x * (1 - 2 / r), y * (1 - 2 / r)) !== undefined && !coasts.some((c) => c.some((a, i) => i + 1 < c.length && distanceToSegment([x, y], a, c[i + 1]) < 10));
  });
}

/**
 * Of the drawn sea seen from above `offset` metres seaward of the coastline (the sea lies on a coast way's
 * right), read every 2 m along the coast within `within` metres of the centre, the share the ground rises
 * over (by more than 1 cm): where the waterline strays from the coast onto the water.
 */
export function seaHiddenOffshore(ground: HeightLookup, sea: HeightLookup, coasts: Point2[][], offset: number, within: number): { samples: number; hidden: number } {
  let samples = 0;
  let hidden = 0;
  for (const p of besideCoast(coasts, -offset, 2, within)) {
    const water = sea.heightAt(...p);
    const land = ground.heightAt(...p);
    if (water === undefined || land === undefined) continue;
    samples++;
    if (land > water + 0.01) hidden++;
  }
  return { samples, hidden };
}

/**
 * Of the land `offset` metres inland of the coastline (on a coast way's left, where no sea is drawn), read
 * every 2 m along the coast within `within` metres of the centre, how many points the drawn ground puts
 * more than `depth` metres under the sea's level: a pier or a quay drawn under the water.
 */
export function landUnderSea(ground: HeightLookup, sea: HeightLookup, seaLevel: number, coasts: Point2[][], offset: number, within: number, depth = 0.5): { samples: number; under: number } {
  let samples = 0;
  let under = 0;
  for (const p of besideCoast(coasts, offset, 2, within)) {
    const height = sea.heightAt(...p) === undefined ? ground.heightAt(...p) : undefined;
    if (height === undefined) continue;
    samples++;
    if (height < seaLevel - depth) under++;
  }
  return { samples, under };
}

/**
 * Where the drawn ground's round edge (`edge` metres from the centre, drawn as a polygon of 128 sides)
 * runs under the sea and lies lower than the sea's surface, the height of the opening left between them
 * that no strip of the sea closes, metres (the largest): seen from beside the model, the seabed's edge
 * under the water. The strips' bottom edge is read between its corners, around the centre.
 */
export function openUnderSeaEdge(groundTriangles: Triangle[], seaTriangles: Triangle[], edge: number): number {
  const span = (t: Triangle) => Math.max(...t.map((v) => v[2])) - Math.min(...t.map((v) => v[2]));
  const surface = new HeightLookup(seaTriangles.filter((t) => span(t) < 0.05));
  const top = Math.max(...seaTriangles.flat().map((v) => v[2]));
  const bottoms = seaTriangles.filter((t) => span(t) >= 0.05).flat().filter((v) => v[2] < top - 0.01).map((v) => [Math.atan2(v[1], v[0]), v[2]] as const).sort((a, b) => a[0] - b[0]);
  const stripBottom = (angle: number): number => {
    if (bottoms.length === 0) return top;
    const after = bottoms.findIndex(([a]) => a >= angle);
    const [a0, z0] = after <= 0 ? [bottoms[bottoms.length - 1][0] - 2 * Math.PI, bottoms[bottoms.length - 1][1]] : bottoms[after - 1];
    const [a1, z1] = after < 0 ? [bottoms[0][0] + 2 * Math.PI, bottoms[0][1]] : bottoms[after];
    return a1 - a0 < 1e-9 ? Math.min(z0, z1) : z0 + ((z1 - z0) * (angle - a0)) / (a1 - a0);
  };
  const inner = edge * Math.cos(Math.PI / 128) - 0.05;
  const rim = [...new Map(groundTriangles.flat().map((v) => [v.join(), v])).values()].filter(([x, y]) => {
    const r = Math.hypot(x, y);
    return r > inner && surface.heightAt(x * (1 - 1 / r), y * (1 - 1 / r)) !== undefined;
  });
  return Math.max(0, ...rim.map((v) => Math.min(top - v[2], stripBottom(Math.atan2(v[1], v[0])) - v[2])));
}
