import polygonClipping, { type Polygon, type Ring } from 'polygon-clipping';
import type { Point2 } from './local-frame.ts';
import { bounds, cleanRing, oriented, signedArea } from './polygon.ts';

/** A piece of a footprint: its outer ring (counter-clockwise) and holes (clockwise), local metres. */
export interface FootprintPiece {
  outer: Point2[];
  inners: Point2[][];
}

/** Pieces smaller than this are left out, square metres. */
const MIN_PIECE_M2 = 15;
/** Pieces thinner than this on average (twice the area over the perimeter) are slivers between outlines, metres. */
const MIN_PIECE_THICKNESS_M = 1.5;

/**
 * The part of a building's outline its building parts leave uncovered, as pieces worth drawing: a
 * cathedral mapped with parts for its drum and domes keeps its arms (Helsinki way/419479428: the parts
 * cover 28 % of it). Slivers left where a part's edge runs a little inside the outline's are dropped.
 * Empty when the parts cover it all. Written with polygon-clipping, as OSM2World subtracts parts
 * from their outline.
 */
export function outlineRemainder(outline: FootprintPiece, parts: FootprintPiece[]): FootprintPiece[] {
  if (parts.length === 0) return [outline];
  const rest = polygonClipping.difference(toPolygon(outline), ...parts.map(toPolygon));
  return rest.map(fromPolygon).filter((piece) => piece.outer.length >= 3 && isWorthDrawing(piece));
}

/**
 * Courtyards that touch or overlap one another as one courtyard (clockwise rings). Mapped as two holes
 * sharing an edge (Monaco relation/11384697), they would be walled on both sides of that edge, with no
 * roof over it; courtyards apart from the others are returned as they are.
 */
export function mergedCourtyards(inners: Point2[][]): Point2[][] {
  const boxes = inners.map((ring) => bounds(ring));
  const near = (a: number, b: number) => boxes[a].minX <= boxes[b].maxX + 0.01 && boxes[b].minX <= boxes[a].maxX + 0.01 && boxes[a].minY <= boxes[b].maxY + 0.01 && boxes[b].minY <= boxes[a].maxY + 0.01;
  const touching = inners.map((_, a) => inners.some((__, b) => b !== a && near(a, b)));
  if (!touching.some(Boolean)) return inners;
  const [first, ...rest] = inners.filter((_, a) => touching[a]).map((ring) => toPolygon({ outer: oriented(ring, true), inners: [] }));
  const merged = polygonClipping.union(first, ...rest);
  return [...inners.filter((_, a) => !touching[a]), ...merged.map((polygon) => fromPolygon(polygon).outer).filter((ring) => ring.length >= 3).map((ring) => oriented(ring, false))];
}

/** A piece's area, holes excluded, square metres. */
export function pieceArea(piece: FootprintPiece): number {
  return Math.abs(signedArea(piece.outer)) - piece.inners.reduce((sum, ring) => sum + Math.abs(signedArea(ring)), 0);
}

function isWorthDrawing(piece: FootprintPiece): boolean {
  const area = pieceArea(piece);
  const perimeter = [piece.outer, ...piece.inners].reduce((sum, ring) => sum + ringLength(ring), 0);
  return area >= MIN_PIECE_M2 && (2 * area) / perimeter >= MIN_PIECE_THICKNESS_M;
}

function ringLength(ring: Point2[]): number {
  let length = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) length += Math.hypot(ring[i][0] - ring[j][0], ring[i][1] - ring[j][1]);
  return length;
}

/** polygon-clipping's rings are closed (first point repeated). */
function toPolygon(piece: FootprintPiece): Polygon {
  const close = (ring: Point2[]): Ring => [...ring.map(([x, y]): [number, number] => [x, y]), [ring[0][0], ring[0][1]]];
  return [close(piece.outer), ...piece.inners.map(close)];
}

function fromPolygon([outer, ...holes]: Polygon): FootprintPiece {
  const open = (ring: Ring): Point2[] => cleanRing(ring.slice(0, -1).map(([x, y]): Point2 => [x, y]));
  return { outer: oriented(open(outer), true), inners: holes.map(open).filter((ring) => ring.length >= 3).map((ring) => oriented(ring, false)) };
}
