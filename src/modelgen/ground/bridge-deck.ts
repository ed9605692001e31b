import type { Point2 } from '../geometry/local-frame.ts';
import type { MeshBuilder, Point3 } from '../geometry/mesh-builder.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';

/** Thickness of a bridge deck, metres. */
const DECK_THICKNESS_M = 0.8;
/** Longest step between the deck's profile points, metres. */
const PROFILE_STEP_M = 4;
/** Longest ramp up to a deck's clearance from each end, metres. */
const MAX_RAMP_M = 30;

/** A bridge's centre line, width and the clearance it keeps over what it crosses. */
export interface BridgeSpan {
  line: Point2[];
  width: number;
  /** Height the deck keeps above the ground under its middle, metres. */
  clearance: number;
}

/**
 * A bridge deck: its road surface, sides and underside. The deck runs straight between the ground
 * heights at its two ends (a viaduct across a valley) and rises to `clearance` above the ground in its
 * middle where the ends alone would leave it on what it crosses (an overpass on flat land), with ramps
 * from each end.
 */
export function addBridgeDeck(top: MeshBuilder, sides: MeshBuilder, span: BridgeSpan, surface: TerrainSurface, lift: number): void {
  const points = densify(span.line);
  if (points.length < 2) return;
  const along = [0];
  for (let i = 1; i < points.length; i++) along.push(along[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]));
  const length = along[along.length - 1];
  if (length < 0.5) return;
  const start = surface.heightAt(...points[0]);
  const end = surface.heightAt(...points[points.length - 1]);
  const ramp = Math.min(length / 2, MAX_RAMP_M);
  const heights = points.map(([x, y], i) => {
    const straight = start + ((end - start) * along[i]) / length;
    const rise = span.clearance * Math.min(1, Math.min(along[i], length - along[i]) / ramp);
    return Math.max(straight, surface.heightAt(x, y) + rise) + lift;
  });
  const half = span.width / 2;
  const left: Point3[] = [];
  const right: Point3[] = [];
  points.forEach(([x, y], i) => {
    const [nx, ny] = normalAt(points, i);
    left.push([x + nx * half, y + ny * half, heights[i]]);
    right.push([x - nx * half, y - ny * half, heights[i]]);
  });
  const down = (p: Point3): Point3 => [p[0], p[1], p[2] - DECK_THICKNESS_M];
  for (let i = 0; i + 1 < points.length; i++) {
    const [r0, r1, l0, l1] = [right[i], right[i + 1], left[i], left[i + 1]];
    top.triangle(r0, r1, l1);
    top.triangle(r0, l1, l0);
    sides.triangle(down(r0), down(l1), down(r1));
    sides.triangle(down(r0), down(l0), down(l1));
    sides.triangle(down(r0), down(r1), r1);
    sides.triangle(down(r0), r1, r0);
    sides.triangle(down(l1), down(l0), l0);
    sides.triangle(down(l1), l0, l1);
  }
  for (const [a, b] of [[left[0], right[0]], [right[right.length - 1], left[left.length - 1]]]) {
    sides.triangle(down(a), down(b), b);
    sides.triangle(down(a), b, a);
  }
}

/** The line with points added so no step is longer than PROFILE_STEP_M. */
function densify(line: Point2[]): Point2[] {
  const out: Point2[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = line[i];
    const [bx, by] = line[i + 1];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / PROFILE_STEP_M));
    for (let k = 0; k < steps; k++) out.push([ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps]);
  }
  if (line.length > 0) out.push(line[line.length - 1]);
  return out;
}

/** Unit normal to the left of the line at point i (the mean of its segments' normals at a bend). */
function normalAt(points: Point2[], i: number): Point2 {
  const a = points[Math.max(0, i - 1)];
  const b = points[Math.min(points.length - 1, i + 1)];
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1;
  return [-dy / length, dx / length];
}
