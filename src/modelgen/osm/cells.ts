/**
 * The grid that local OpenStreetMap sources are read by: a request reads every feature whose bounding
 * box touches the cells around its circle. The extract index files features by these cells and the
 * PostGIS source asks for the same box, so both give a model the same features.
 */
import { circleBox } from '../geometry/circle-box.ts';

/** Size of a grid cell in degrees (about 1 km). */
export const CELL_DEGREES = 0.01;

/** The cell number of a longitude or latitude. */
export function cell(degrees: number): number {
  return Math.floor(degrees / CELL_DEGREES);
}

/** A range of cells, ends included. */
export interface CellRange {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The cells a request for a circle reads: those of its bounding box, widened by one cell. */
export function cellsAround(latitude: number, longitude: number, radiusM: number): CellRange {
  const [west, south, east, north] = circleBox(latitude, longitude, radiusM, CELL_DEGREES);
  return { minX: cell(west), maxX: cell(east), minY: cell(south), maxY: cell(north) };
}

/** The cells a feature with these points is filed under: every cell its bounding box touches. */
export function cellsOf(points: Iterable<readonly [number, number]>): CellRange {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [lon, lat] of points) {
    minX = Math.min(minX, cell(lon));
    maxX = Math.max(maxX, cell(lon));
    minY = Math.min(minY, cell(lat));
    maxY = Math.max(maxY, cell(lat));
  }
  return { minX, minY, maxX, maxY };
}

/** The cells' area in degrees: [west, south, east, north]. */
export function cellBox(range: CellRange): [number, number, number, number] {
  return [range.minX * CELL_DEGREES, range.minY * CELL_DEGREES, (range.maxX + 1) * CELL_DEGREES, (range.maxY + 1) * CELL_DEGREES];
}
