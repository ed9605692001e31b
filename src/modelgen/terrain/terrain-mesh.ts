import { cutPads, type Pad } from '../geometry/seating.ts';
import { gridCells, HeightGrid } from './height-grid.ts';
import { GroundOutline } from './ground-outline.ts';
import { RtinSurface } from './rtin-surface.ts';

/** How finely the ground is meshed, by quality. */
export interface TerrainMeshSettings {
  /** Vertical error bound away from buildings within `nearM` of the centre, metres; farther out it grows with the distance (a viewer sees distant ground small). */
  maxError: number;
  nearM: number;
  /** Vertical error bound under and around buildings, metres. */
  fineError: number;
  /** How far around a building's pad the fine bound applies, metres. */
  fineMarginM: number;
  /** Shortest triangle side away from buildings, metres (a step in the data becomes a slope this wide). */
  minLegM: number;
  /** Smallest grid cell wanted, metres; the grid has at most `maxCells` cells a side. */
  cellM: number;
  maxCells: number;
  /**
   * Whether the fine bound also holds along the waterline (see `closeTo`): SD's coarse bound let the
   * triangles spanning the coast reach from the seabed up over piers and quays, drawing them under the
   * water; HD's keeps them within half a metre, and following the waterline would cost it a fifth more bytes.
   */
  followWaterline: boolean;
}

export const TERRAIN_MESH: Record<'hd' | 'sd', TerrainMeshSettings> = {
  hd: { maxError: 0.5, nearM: 1000, fineError: 0.2, fineMarginM: 10, minLegM: 2, cellM: 1, maxCells: 2048, followWaterline: false },
  sd: { maxError: 1.5, nearM: 1000, fineError: 0.5, fineMarginM: 5, minLegM: 5, cellM: 4, maxCells: 512, followWaterline: true },
};

/** The ground reaches this far beyond the circle, metres, so shadows at the edge land on something. */
export const GROUND_MARGIN_M = 20;
/** Cells a side when the terrain is flat: the mesh is then a handful of triangles anyway. */
const FLAT_CELLS = 16;

/** What the model's metadata says about its ground. */
export interface TerrainMeshExtras {
  /** Spacing of the elevation data's samples at the origin, metres (absent for flat ground). */
  dataResolutionM?: number;
  /** Spacing of the grid the mesh was simplified from, metres. */
  gridM: number;
  /** The mesh's vertical error bound away from buildings within `nearM` of the centre (growing in proportion to the distance beyond), and near buildings, metres. */
  maxErrorM: number;
  nearM: number;
  buildingErrorM: number;
  triangles: number;
}

/**
 * The ground of a model: the natural ground sampled on a grid over the circle, building pads cut into
 * it, simplified to a right-triangulated irregular network within the quality's error bound, and cut
 * to the circle (plus {@link GROUND_MARGIN_M}), with tabs under the buildings that reach beyond it.
 * Around the pads, and where the quality follows the waterline within one and a half grid cells (at
 * least the fine margin) of where `closeTo` says, the mesh keeps the fine error bound.
 */
export function buildTerrainMesh(options: { heightAt: (x: number, y: number) => number; radius: number; quality: 'hd' | 'sd'; flat: boolean; pads: Pad[]; closeTo?: (x: number, y: number, within: number) => boolean }): { surface: RtinSurface; extras: Omit<TerrainMeshExtras, 'dataResolutionM' | 'triangles'> } {
  const settings = TERRAIN_MESH[options.quality];
  const outline = new GroundOutline(options.radius + GROUND_MARGIN_M, options.pads.map((pad) => pad.outer));
  const extent = outline.maxRadius + 1;
  const cells = options.flat ? FLAT_CELLS : gridCells(extent, settings.cellM, settings.maxCells);
  const grid = new HeightGrid(cells, extent).sample(options.flat ? () => 0 : options.heightAt);
  const fine = options.flat ? undefined : cutPads(grid, options.pads, settings.fineMarginM);
  if (fine && options.closeTo && settings.followWaterline) markClose(grid, fine, options.closeTo, Math.max(settings.fineMarginM, 1.5 * grid.cell));
  const surface = new RtinSurface(grid, { maxError: settings.maxError, nearM: settings.nearM, minLegM: settings.minLegM, fine, fineError: settings.fineError, maxLegM: Math.max(25, options.radius / 4), outline });
  return { surface, extras: { gridM: round(grid.cell), maxErrorM: settings.maxError, nearM: settings.nearM, buildingErrorM: settings.fineError } };
}

/** Marks the grid points within `within` metres of where `closeTo` says, for the fine error bound. */
function markClose(grid: HeightGrid, fine: Uint8Array, closeTo: (x: number, y: number, within: number) => boolean, within: number): void {
  for (let j = 0; j < grid.side; j++) {
    const y = grid.y(j);
    for (let i = 0; i < grid.side; i++) if (closeTo(grid.x(i), y, within)) fine[j * grid.side + i] = 1;
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
