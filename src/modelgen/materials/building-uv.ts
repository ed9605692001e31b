import { BAY_M, storeyHeight } from './facade.ts';
import type { UvMapping } from './uv-mapping.ts';

/** What a building's extras record of how it is dressed: its materials, facade layout and storeys. */
export interface BuildingMaterials {
  walls: string;
  roof: string;
  /** `windows`, `plain`, or `<ground floor>+<upper storeys>` (e.g. `shop+windows`). */
  facade: string;
  levels: number;
}

/** Metres one repeat of a material's texture covers (the material's `tile`), for plain walls and roofs. */
export interface SurfaceTiles {
  walls?: number;
  roof?: number;
  /** PV mapped on the roof (its modules). */
  solar?: number;
}

/** The texture layout of a building's walls and roof faces. */
export interface BuildingUvMappings {
  walls: UvMapping;
  roof: UvMapping;
  /** Where a ground floor of its own (shop fronts) ends and the storeys above begin (glTF y). */
  groundFloorTop?: number;
}

/**
 * How a building's textures lie on its walls and roof faces: window rows once per storey from the walls'
 * bottom (`base + minHeight`, glTF y), plain walls in their material's own tile, roof faces in the roof
 * material's tile up the slope. The generator dresses buildings with it, and the viewer's roof
 * correction lays the same textures on a redrawn building (the tiles read from the model's materials).
 */
export function buildingUvMappings(dressing: Pick<BuildingMaterials, 'facade' | 'levels'>, tiles: SurfaceTiles, minHeight: number, wallTop: number, base: number): BuildingUvMappings {
  const bottom = base + minHeight;
  const plainTile = tiles.walls ?? 3;
  const storey = storeyHeight(minHeight, wallTop, dressing.levels);
  const walls: UvMapping = dressing.facade === 'plain' ? { kind: 'wall', bottom, levelHeight: plainTile, bay: plainTile } : { kind: 'wall', bottom, levelHeight: storey, bay: BAY_M };
  return { walls, roof: { kind: 'roof', tile: tiles.roof ?? 2 }, ...(dressing.facade.includes('+') ? { groundFloorTop: bottom + storey } : {}) };
}
