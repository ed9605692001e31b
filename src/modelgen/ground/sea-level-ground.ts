import type { MapFeatures } from '../features/map-features.ts';
import { distanceField } from '../geometry/distance-field.ts';
import type { LocalFrame, Point2 } from '../geometry/local-frame.ts';
import { distanceToOutline, distanceToSegment, pointInRing } from '../geometry/polygon.ts';
import type { Polygon2 } from './area-pieces.ts';
import { seaPolygons, seaReach } from './sea.ts';
import { rowCrossings } from './row-crossings.ts';

/** Cells of the sea mask across the model's diameter (about 0.7 m at 0.3 km, 10 m at 5 km). */
const MASK_CELLS = 1000;
/**
 * Cells of the distances from the shore across the model's diameter: at most 5 m wide, so that the level
 * strip (`SHORE_WIDTH_M`) holds at 5 km too (read bilinearly; the bends are `BLEND_M` wide), from 400 to 2048.
 */
const distanceCells = (reach: number) => Math.min(2048, Math.max(400, Math.ceil((2 * reach) / 5)));
/** How high the land stands over the sea at the waterline, metres: a quay's or a beach's top. */
const SHORE_M = 1.5;
/**
 * The land along the water (a quay, a promenade, a beach) is nearly level this far inland, metres, rising
 * by `SHORE_RISE` per metre; beyond, the ground may rise as steeply as `BANK_RISE` (45°) to the elevation
 * data's. SRTM's 90 m cells average the quay with the hill behind it: unchecked, a harbour or a beach
 * stood 10–20 m over the water on a wall. Only the waterside is held down: the same cells smooth a steep
 * hill too (three of Monaco's four mapped survey heights stand 18–72 m over SRTM's), so a gentler bank
 * would lower hillsides that are already too low.
 */
const SHORE_WIDTH_M = 20;
const SHORE_RISE = 0.1;
const BANK_RISE = 1;
/**
 * A beach (`natural=beach` along the coast) slopes into the water: at the waterline the ground stands this
 * much lower than a quay's `SHORE_M`, the difference fading out over the level strip's width, metres.
 */
const BEACH_DROP_M = 1.2;
/** A coast segment this close to a mapped beach is that beach's waterline, metres. */
const BEACH_NEAR_M = 10;
/** Where the level strip turns into the bank, and where the bank meets the data's ground, the surface bends over this many metres. */
const BLEND_M = 8;
/**
 * A stretch of coast this close to a mapped cliff's edge (`natural=cliff`, drawn along the top, which stands back
 * from the water on a rock with a quay at its foot: 30–50 m at Fontvieille) is that cliff: the land keeps its height there, metres.
 */
const CLIFF_NEAR_M = 50;
/**
 * Under the sea the ground falls away from the waterline by this much per metre, down to `SEABED_M`
 * under the sea's surface, and rises back towards it over the last `SEABED_RIM_M` before the drawn
 * ground's round edge (the mesh keeps the rise only within its error bound: the sea's edge is closed
 * down to the ground there, see draw-sea.ts). Level with the sea, the ground rose over it across every
 * triangle that spans the coast, and the waterline followed the triangles in steps (on SD's coarser
 * ground, two thirds of the sea a metre out hidden); with the seabed falling away, the ground meets the
 * sea's surface near the coastline. Depth: past SD's error bound (1.5 m), so its mesh follows it.
 */
const SEABED_SLOPE = 1;
const SEABED_M = 2;
const SEABED_RIM_M = 10;
/**
 * Land within `SHORE_WIDTH_M` of a shore stands at least this much over the sea (a quay's or a pier's
 * top; less a beach's drop), metres, the floor falling away beyond by `BANK_RISE`: where elevation data
 * put a pier at sea level, the ground's triangles reaching down to the seabed drew it under the water.
 */
const SHORE_FLOOR_M = 0.5;

/**
 * The ground's elevation held to the sea: coarse elevation data (SRTM's 90 m cells) smears steep coasts
 * out to sea, where the drawn sea would then lie under the ground, and lifts quays and beaches onto
 * walls over the water. Inside the sea (from the coastline, see seaPolygons) the ground is lowered under
 * `seaLevel` (a seabed falling away from the waterline); on land near a shore that is not a mapped cliff, it stands at most `shoreCap` over the sea
 * (a level strip along the water, then a bank up to the elevation data's ground); elsewhere land is kept
 * as it is, but for a floor just over the sea along the shore (`SHORE_FLOOR_M`). Buildings stand on the same ground but for the seabed: in the sea they stand at sea level
 * (a kiosk on a pontoon, a quay's building reaching over the water), not on the seabed under it.
 * `closeTo` tells where the ground's mesh must follow it closely: along the waterline and where the
 * seabed rises to the sea at the model's edge (a coarse mesh spanning them drew piers under the water
 * and the seabed's edge under the sea's).
 */
export function seaLevelGround(features: MapFeatures, frame: LocalFrame, radius: number, seaLevel: number, elevation: HeightAt): SeaLevelGround {
  const local = (kind: string) => features.ground.filter((g) => g.kind === kind).map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
  const coasts = local('coastline');
  const reach = seaReach(radius);
  const sea = coasts.length > 0 ? seaPolygons(coasts, reach) : [];
  if (sea.length === 0) return { ground: elevation, underBuildings: elevation, closeTo: () => false };
  const cell = (2 * reach) / MASK_CELLS;
  const inSea = polygonMask(sea, reach, cell);
  const shores = shoresAwayFromCliffs(coasts, local('cliff'), reach);
  const fromShore = distanceField(shores, reach, distanceCells(reach));
  const fromBeach = distanceField(shoresAlongBeaches(shores, local('beach')), reach, distanceCells(reach));
  // The sea polygons end at the drawn ground's edge, in chords of its circle; the terrain's grid reaches
  // past it, and the ground's rim is interpolated from there. Past a little inside the edge, a point is
  // sea or land as the point on that line towards the centre is: else the rim took the land's height at
  // sea (spikes along the model's edge).
  const inner = reach - 2 * cell;
  const seaAt = (x: number, y: number) => {
    if (x * x + y * y <= inner * inner) return inSea(x, y);
    const r = Math.hypot(x, y);
    return inSea((x * inner) / r, (y * inner) / r);
  };
  const land: HeightAt = (x, y) => {
    const z = elevation(x, y);
    const shore = fromShore(x, y);
    const drop = BEACH_DROP_M * Math.max(0, 1 - fromBeach(x, y) / SHORE_WIDTH_M);
    // Rounded, but never below the waterline's height where the data's ground is higher.
    const held = Math.max(softMin(z, seaLevel + shoreCap(shore) - drop, BLEND_M), Math.min(z, seaLevel + SHORE_M - drop));
    const floor = seaLevel + Math.min(SHORE_FLOOR_M, SHORE_M - drop) - BANK_RISE * Math.max(0, shore - SHORE_WIDTH_M);
    return Math.max(held, floor);
  };
  return {
    ground: (x, y) => (seaAt(x, y) ? Math.min(elevation(x, y), seaLevel - seabedDepth(fromShore(x, y), reach - Math.hypot(x, y))) : land(x, y)),
    underBuildings: (x, y) => (seaAt(x, y) ? Math.min(elevation(x, y), seaLevel) : land(x, y)),
    closeTo: (x, y, within) => fromShore(x, y) < within || (reach - Math.hypot(x, y) < SEABED_RIM_M + within && seaAt(x, y)),
  };
}

/** A height in the model's frame at a point of the ground plane, metres. */
type HeightAt = (x: number, y: number) => number;

/** The ground held to the sea (see {@link seaLevelGround}). */
export interface SeaLevelGround {
  /** The drawn ground: land held to the shore, a seabed under the sea. */
  ground: HeightAt;
  /** The ground buildings stand on: the same, but at sea level over the seabed. */
  underBuildings: HeightAt;
  /** Whether a point lies within `within` metres of where the ground's mesh must follow it closely. */
  closeTo: (x: number, y: number, within: number) => boolean;
}

/** The highest the land may stand over the sea this far from a shore that is not a cliff, metres: level strip and bank joined in a curve `BLEND_M` wide. */
function shoreCap(distance: number): number {
  const past = distance - SHORE_WIDTH_M;
  const bend = Math.abs(past) < BLEND_M / 2 ? ((BANK_RISE - SHORE_RISE) * (past + BLEND_M / 2) ** 2) / (2 * BLEND_M) : past > 0 ? (BANK_RISE - SHORE_RISE) * past : 0;
  return SHORE_M + SHORE_RISE * distance + bend;
}

/** How deep the ground lies under the sea this far from a shore that is not a cliff and this far inside the drawn ground's edge, metres. */
function seabedDepth(fromShore: number, insideEdge: number): number {
  return Math.min(SEABED_M, SEABED_SLOPE * fromShore) * Math.min(1, Math.max(0, insideEdge / SEABED_RIM_M));
}

/** The smaller of two heights, rounded where they meet over about `k` metres (no crease for the mesh to follow in fine triangles). */
function softMin(a: number, b: number, k: number): number {
  const h = Math.max(k - Math.abs(a - b), 0) / k;
  return Math.min(a, b) - (h * h * k) / 4;
}

/** Of the shore's segments, those along a mapped beach: inside its outline or within `BEACH_NEAR_M` of it. */
function shoresAlongBeaches(shores: Point2[][], beaches: Point2[][]): Point2[][] {
  if (beaches.length === 0) return [];
  return shores.filter(([a, b]) => {
    const middle: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return beaches.some((beach) => pointInRing(middle, beach) || distanceToOutline(middle, beach) < BEACH_NEAR_M);
  });
}

/**
 * The coast's segments within `reach` of the centre (give or take one segment's length) away from mapped
 * cliffs: those whose middle is not within `CLIFF_NEAR_M` of a cliff's edge.
 */
function shoresAwayFromCliffs(coasts: Point2[][], cliffs: Point2[][], reach: number): Point2[][] {
  const cliffSegments = cliffs.flatMap((cliff) => cliff.slice(1).map((b, i): [Point2, Point2] => [cliff[i], b]));
  const nearCliff = (p: Point2) => cliffSegments.some(([a, b]) => distanceToSegment(p, a, b) < CLIFF_NEAR_M);
  const out: Point2[][] = [];
  for (const coast of coasts) {
    for (let i = 0; i + 1 < coast.length; i++) {
      const [a, b] = [coast[i], coast[i + 1]];
      const middle: Point2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (Math.hypot(...middle) - Math.hypot(b[0] - a[0], b[1] - a[1]) / 2 > reach) continue;
      if (!nearCliff(middle)) out.push([a, b]);
    }
  }
  return out;
}

/** A raster of which cells (of `cell` metres, over [-extent, extent]²) lie inside the polygons, filled row by row. */
function polygonMask(polygons: Polygon2[], extent: number, cell: number): (x: number, y: number) => boolean {
  const size = Math.ceil((2 * extent) / cell);
  const mask = new Uint8Array(size * size);
  const rings = polygons.flatMap((p) => [p.outer, ...p.holes]);
  for (let row = 0; row < size; row++) {
    const y = -extent + (row + 0.5) * cell;
    const crossings = rowCrossings(rings, y);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil((crossings[k] + extent) / cell - 0.5));
      const to = Math.min(size - 1, Math.floor((crossings[k + 1] + extent) / cell - 0.5));
      for (let column = from; column <= to; column++) mask[row * size + column] = 1;
    }
  }
  return (x, y) => {
    const column = Math.floor((x + extent) / cell);
    const row = Math.floor((y + extent) / cell);
    return column >= 0 && row >= 0 && column < size && row < size && mask[row * size + column] === 1;
  };
}
