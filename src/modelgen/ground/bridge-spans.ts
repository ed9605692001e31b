import type { GroundFeature, LonLatRing } from '../features/map-features.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { segmentsCross } from '../geometry/polygon.ts';
import type { BridgeSpan } from './bridge-deck.ts';
import { clipLineToCircle } from './line-clip.ts';

/** Clearance over a road or path below, metres (a lorry's height and the deck's), and over anything else. */
const CLEARANCE_OVER_ROAD_M = 5;
const CLEARANCE_OTHERWISE_M = 1.5;

/**
 * The bridges to draw: roads and paths tagged `bridge=*` that `drawn` keeps, cut so the whole deck stays
 * inside the circle, each with the clearance it needs over what it crosses (another road or path, drawn
 * or not, or else a stream, a ditch, a slope).
 */
export function bridgeSpans(ground: GroundFeature[], local: (ring: LonLatRing) => Point2[], radius: number, drawn: (feature: GroundFeature) => boolean = () => true): BridgeSpan[] {
  const lines = ground.filter((g) => g.kind === 'road' || g.kind === 'path');
  const bridges = lines.filter((g) => g.bridge && drawn(g)).map((g) => ({ feature: g, line: local(g.points) })).filter(({ line }) => line.some(([x, y]) => Math.hypot(x, y) < radius + 500));
  if (bridges.length === 0) return [];
  const below = lines.filter((g) => !g.bridge).map((g) => local(g.points)).map((line) => ({ line, box: box(line) }));
  const spans: BridgeSpan[] = [];
  for (const { feature: bridge, line } of bridges) {
    const width = bridge.width ?? 4;
    const own = box(line);
    const clearance = below.some((other) => crosses(line, own, other.line, other.box)) ? CLEARANCE_OVER_ROAD_M * Math.max(1, bridge.layer ?? 1) : CLEARANCE_OTHERWISE_M;
    for (const part of clipLineToCircle(line, Math.max(0, radius - width / 2))) spans.push({ line: part, width, clearance });
  }
  return spans;
}

/** Whether two polylines cross (a proper crossing of two of their segments). */
function crosses(a: Point2[], ba: number[], b: Point2[], bb: number[]): boolean {
  if (ba[0] > bb[2] || bb[0] > ba[2] || ba[1] > bb[3] || bb[1] > ba[3]) return false;
  for (let i = 0; i + 1 < a.length; i++) {
    for (let j = 0; j + 1 < b.length; j++) if (segmentsCross(a[i], a[i + 1], b[j], b[j + 1])) return true;
  }
  return false;
}

function box(line: Point2[]): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of line) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}
