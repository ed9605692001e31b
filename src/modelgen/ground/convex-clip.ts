import { clipRing } from '../geometry/clip-ring.ts';
import type { Point2 } from '../geometry/local-frame.ts';

/** Sides of the polygon standing for the model's circle: its corners lie on the circle, its sides at most 0.4 m inside at 5 km. */
const CIRCLE_SIDES = 256;

/**
 * The part of a convex polygon inside another convex polygon (counter-clockwise), itself convex; further
 * coordinates of the piece's points (a height) are interpolated along the cuts.
 */
export function clipToConvex<T extends readonly number[]>(piece: T[], clip: readonly Point2[]): T[] {
  let out = piece;
  for (let i = 0; i < clip.length && out.length >= 3; i++) {
    const [px, py] = clip[i];
    const [qx, qy] = clip[(i + 1) % clip.length];
    // Inside is on the left of each counter-clockwise edge: the cross product is positive there.
    const outside = (x: number, y: number) => -((qx - px) * (y - py) - (qy - py) * (x - px));
    // Most pieces lie wholly on one side of most edges: no new ring is made for those.
    let ahead = 0;
    for (const [x, y] of out) if (outside(x, y) > 0) ahead += 1;
    if (ahead === out.length) return [];
    if (ahead > 0) out = clipRing(out, ([x, y]) => outside(x, y));
  }
  return out;
}

/** The part of a convex polygon inside the axis-aligned box. */
export function clipToBox(piece: Point2[], minX: number, minY: number, maxX: number, maxY: number): Point2[] {
  let out = clipRing(piece, ([x]) => minX - x);
  if (out.length >= 3) out = clipRing(out, ([x]) => x - maxX);
  if (out.length >= 3) out = clipRing(out, ([, y]) => minY - y);
  if (out.length >= 3) out = clipRing(out, ([, y]) => y - maxY);
  return out;
}

/**
 * The part of a convex polygon inside the model's circle (the inscribed polygon of CIRCLE_SIDES
 * sides, so no point lies outside the radius). Pieces wholly inside come back as they are.
 */
export function clipToCircle(piece: Point2[], radius: number): Point2[] {
  if (piece.every(([x, y]) => x * x + y * y <= radius * radius)) return piece;
  let out = piece;
  const half = Math.cos(Math.PI / CIRCLE_SIDES) * radius;
  for (let k = 0; k < CIRCLE_SIDES && out.length >= 3; k++) {
    const angle = ((k + 0.5) * 2 * Math.PI) / CIRCLE_SIDES;
    const nx = Math.cos(angle);
    const ny = Math.sin(angle);
    if (out.every(([x, y]) => x * nx + y * ny <= half)) continue;
    out = clipRing(out, ([x, y]) => x * nx + y * ny - half);
  }
  return out;
}

/**
 * Cuts a convex polygon along a square grid of `tile` metres, so that each piece meets only the
 * terrain triangles of a small box (long thin pieces would otherwise meet every triangle of theirs).
 */
export function* tilePieces(piece: Point2[], tile: number): Generator<Point2[]> {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of piece) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const i0 = Math.floor(minX / tile), i1 = Math.floor(maxX / tile);
  const j0 = Math.floor(minY / tile), j1 = Math.floor(maxY / tile);
  if (i0 === i1 && j0 === j1) {
    yield piece;
    return;
  }
  for (let i = i0; i <= i1; i++) {
    const column = clipToBox(piece, i * tile, -Infinity, (i + 1) * tile, Infinity);
    if (column.length < 3) continue;
    for (let j = j0; j <= j1; j++) {
      const cell = clipToBox(column, -Infinity, j * tile, Infinity, (j + 1) * tile);
      if (cell.length >= 3) yield cell;
    }
  }
}
