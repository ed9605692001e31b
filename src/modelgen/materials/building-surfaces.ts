import type { BuildingMesh } from '../geometry/building-mesh.ts';
import { isRoofOnPosts } from '../geometry/building-mesh.ts';
import type { BuildingHeights } from '../geometry/building-heights.ts';
import type { PrimitiveSpec } from '../gltf/glb-writer.ts';
import { buildingUvMappings, type BuildingMaterials } from './building-uv.ts';
import { facadeOf } from './facade.ts';
import { MATERIALS } from './surface-materials.ts';
import { roofMaterial, wallMaterial } from './material-rules.ts';
import type { Region } from './region.ts';
import { splitAtHeight } from './split-at-height.ts';
import { wallOcclusion } from './ambient-occlusion.ts';

/** A building's walls and roof faces as primitives with their materials and texture layout. */
export interface BuildingSurfaces {
  walls: PrimitiveSpec[];
  roofs: PrimitiveSpec[];
  /** The materials chosen, for the node's extras. */
  materials: BuildingMaterials;
}

/**
 * Dresses a building: walls in their material with window rows per storey (shop fronts on a retail
 * ground floor, cut from the walls at the first storey's height), roof faces in the roof's material
 * with the texture running up the slope. `base` is the building's ground height (glTF y). `detailed`
 * (HD) bakes ambient occlusion into the walls' feet. `ownerTags` are a part's building's tags; `area` is
 * the footprint's, m².
 */
export function buildingSurfaces(mesh: BuildingMesh, heights: BuildingHeights, base: number, ownTags: Record<string, string>, region: Region, seed: string, detailed: boolean, ownerTags?: Record<string, string>, area?: number): BuildingSurfaces {
  // A part (`building:part=yes`) is of its building's type: a church's tower has no flat windows.
  const tags = ownerTags?.building && (!ownTags['building:part'] || ownTags['building:part'] === 'yes') ? { ...ownTags, building: ownerTags.building } : ownTags;
  const wall = wallMaterial(tags, region, seed);
  const roof = roofMaterial(tags, mesh.roofShape, region, seed);
  const facade = isRoofOnPosts(tags) ? { layout: 'plain' as const, levels: 1, levelHeight: 3 } : facadeOf(tags, heights.minHeight, heights.wallTop, area);
  const bottom = base + heights.minHeight;
  const summary = { walls: wall.material, roof: roof.material, facade: facade.groundFloor ? `${facade.groundFloor}+${facade.layout}` : facade.layout, levels: facade.levels };
  const { walls: uv, roof: roofUv, groundFloorTop } = buildingUvMappings(summary, { walls: MATERIALS[wall.material].tile, roof: MATERIALS[roof.material].tile }, heights.minHeight, heights.wallTop, base);
  const material = { material: wall.material, colour: wall.colour, facade: facade.layout };
  const walls: PrimitiveSpec[] = [];
  // Walls standing on the ground darken towards their foot; parts in the air (min_height) do not.
  const shaded = (builder: BuildingMesh['walls']) => ({ mesh: builder, colours: detailed && heights.minHeight < 0.5 ? wallOcclusion(builder, bottom) : undefined });
  if (facade.groundFloor && groundFloorTop !== undefined) {
    const { below, above } = splitAtHeight(mesh.walls, groundFloorTop);
    walls.push({ ...shaded(below), material: { ...material, facade: facade.groundFloor }, uv, extras: { surface: 'walls' } });
    walls.push({ mesh: above, material, uv, extras: { surface: 'walls' } });
  } else walls.push({ ...shaded(mesh.walls), material, uv, extras: { surface: 'walls' } });
  const roofs = mesh.roofFaces.map((face): PrimitiveSpec => ({
    mesh: face.mesh,
    material: { material: roof.material, colour: roof.colour },
    uv: roofUv,
    extras: { surface: 'roof', roofSegments: face.segments },
  }));
  return { walls, roofs, materials: summary };
}
