/**
 * PVGIS asked at a grid of orientations only, every other orientation interpolated between them. A
 * town's roofs face every way: asked exactly (to 1°), a 0.3 km model of Vaduz needs 192 PVGIS calls,
 * six seconds at PVGIS's 30 calls a second. On a grid of 15° of tilt and 30° of azimuth a place needs at
 * most 73 (Vaduz: 61), and the interpolation (Catmull–Rom in both directions) keeps a plane's yearly
 * irradiation within 0.04 % of the exact answer on average and 0.5 % at worst on Vaduz's roofs
 * (bench/orientation-grid.ts, docs/decisions.md).
 */
import type { IrradianceProvider, PlaneIrradiation, PlaneQuery } from './irradiance-provider.ts';

/** Spacing of the orientations PVGIS is asked for, degrees; both divide 90 (tilt) and 180 (azimuth). */
export interface OrientationGrid {
  tiltStepDeg: number;
  azimuthStepDeg: number;
}

/** The grid the service uses. */
export const ORIENTATION_GRID: OrientationGrid = { tiltStepDeg: 15, azimuthStepDeg: 30 };

/** One grid orientation and its weight in a query's irradiation. */
export interface GridNode {
  tiltDeg: number;
  /** 0 = north, 180 = south (SPEC.md); 180 for a level plane, whose azimuth means nothing. */
  azimuthDeg: number;
  weight: number;
}

/** Fractions closer to a node than this are the node (queries come rounded to 0.01°). */
const ON_NODE = 1e-6;

/** Catmull–Rom weights of the nodes before, at the start of, at the end of and after an interval, at fraction `f` of it. */
function catmullRom(f: number): [number, number, number, number] {
  const f2 = f * f;
  const f3 = f2 * f;
  return [(-f3 + 2 * f2 - f) / 2, (3 * f3 - 5 * f2 + 2) / 2, (-3 * f3 + 4 * f2 + f) / 2, (f3 - f2) / 2];
}

/** Node indexes and weights around `value` on a grid of `step` (one node when it lies on one). */
function around(value: number, step: number): [number, number][] {
  const position = value / step;
  let index = Math.floor(position);
  let f = position - index;
  if (f > 1 - ON_NODE) [index, f] = [index + 1, 0];
  if (f < ON_NODE) return [[index, 1]];
  return catmullRom(f).map((weight, k) => [index - 1 + k, weight]);
}

const wrap = (azimuth: number) => ((azimuth % 360) + 360) % 360;

/**
 * The grid orientations whose irradiation makes a plane's, with their weights (they add up to 1).
 * Between rows of tilt and between columns of azimuth the interpolation is a Catmull–Rom spline (exact
 * on the nodes, smooth between). Below the lowest tilt step the row of negative tilt is the plane
 * facing the other way (a plane tilted −β towards azimuth a is the one tilted β towards a + 180°); above
 * the highest it is extended in a straight line. A level plane is one node whatever its azimuth.
 */
export function gridNodes(tiltDeg: number, azimuthDeg: number, grid: OrientationGrid = ORIENTATION_GRID): GridNode[] {
  const tilt = Math.min(Math.max(tiltDeg, 0), 90);
  const top = Math.round(90 / grid.tiltStepDeg);
  // Rows of tilt: [row index, weight], the row past 90° folded into its two neighbours (linear extension).
  const rows = new Map<number, number>();
  for (const [row, weight] of around(tilt, grid.tiltStepDeg)) {
    if (row > top) {
      rows.set(top, (rows.get(top) ?? 0) + 2 * weight);
      rows.set(top - 1, (rows.get(top - 1) ?? 0) - weight);
    } else rows.set(row, (rows.get(row) ?? 0) + weight);
  }
  const nodes = new Map<string, GridNode>();
  const add = (nodeTilt: number, nodeAzimuth: number, weight: number) => {
    const azimuth = nodeTilt === 0 ? 180 : wrap(nodeAzimuth);
    const key = `${nodeTilt}_${azimuth}`;
    const node = nodes.get(key);
    if (node) node.weight += weight;
    else nodes.set(key, { tiltDeg: nodeTilt, azimuthDeg: azimuth, weight });
  };
  for (const [row, rowWeight] of rows) {
    if (rowWeight === 0) continue;
    const rowTilt = Math.abs(row) * grid.tiltStepDeg;
    if (rowTilt === 0) {
      add(0, 180, rowWeight);
      continue;
    }
    // A negative row is the same planes turned round.
    const azimuth = wrap(azimuthDeg) + (row < 0 ? 180 : 0);
    for (const [column, weight] of around(azimuth, grid.azimuthStepDeg)) add(rowTilt, column * grid.azimuthStepDeg, rowWeight * weight);
  }
  return [...nodes.values()].filter((node) => node.weight !== 0);
}

/**
 * An irradiance provider that asks the one behind it (PVGIS behind its cache) only for grid
 * orientations and interpolates the rest, year and months alike (never below 0). A query on a node is
 * that node's answer unchanged. When any node cannot be had, the query fails as that node did, so the
 * caller's fallback rule applies to the whole plane.
 */
export class OrientationGridIrradiance implements IrradianceProvider {
  readonly #provider: IrradianceProvider;
  readonly #grid: OrientationGrid;

  constructor(provider: IrradianceProvider, grid: OrientationGrid = ORIENTATION_GRID) {
    this.#provider = provider;
    this.#grid = grid;
  }

  async irradiation(query: PlaneQuery): Promise<PlaneIrradiation> {
    const nodes = gridNodes(query.tiltDeg, query.azimuthDeg, this.#grid);
    const answers = await Promise.all(nodes.map((node) => this.#provider.irradiation({ ...query, tiltDeg: node.tiltDeg, azimuthDeg: node.azimuthDeg })));
    if (answers.length === 1) return answers[0];
    const blend = (value: (answer: PlaneIrradiation) => number) => round(Math.max(0, answers.reduce((sum, answer, i) => sum + nodes[i].weight * value(answer), 0)));
    return {
      annualGti: blend((answer) => answer.annualGti),
      monthlyGti: Array.from({ length: 12 }, (_, month) => blend((answer) => answer.monthlyGti[month])),
      source: answers[0].source,
    };
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
