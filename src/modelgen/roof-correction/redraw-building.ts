import type { BuildingHeights } from '../geometry/building-heights.ts';
import { buildBuildingMesh } from '../geometry/building-mesh.ts';
import { relaidSolar } from '../geometry/existing-solar.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { minimumBoundingRectangle, needsStraightSkeleton } from '../geometry/roofs/roof-outline.ts';
import { slopeOf } from '../geometry/roofs/roof-types.ts';
import { skeletonLoaded } from '../geometry/roofs/skeleton-roof.ts';
import { buildingUvMappings, type SurfaceTiles } from '../materials/building-uv.ts';
import { splitAtHeight } from '../materials/split-at-height.ts';
import { storedUvs, type UvMapping } from '../materials/uv-mapping.ts';
import { checkCorrection, correctionTags, isCorrectableShape, ridgeAlongWalls, SKELETON_FALLBACK, type CorrectableBuilding, type RedrawnBuilding, type RedrawnSurface, type RoofCorrection } from './roof-correction.ts';

/**
 * Redraws a building with a corrected roof, from the extras the generator put on its node: the same
 * roof builder as the generator's. The walls keep their eaves; the roof rises from there at the pitch.
 * With the building's `materials` (HD models) the surfaces get the generator's texture coordinates;
 * `tiles` are its materials' texture repeats (the model's materials carry them as `extras.tile`).
 */
export function redrawBuilding(building: CorrectableBuilding, correction: RoofCorrection, tiles: SurfaceTiles = {}): RedrawnBuilding {
  checkCorrection(correction);
  const along = correction.ridgeDirection === undefined ? correction : { ...correction, ridgeDirection: ridgeAlongWalls(building.footprint.outer, correction.ridgeDirection) };
  const tags = correctionTags(along);
  const pitch = correction.shape === 'flat' ? undefined : Number(tags['roof:angle']);
  const footprint = { outer: building.footprint.outer.map(([x, y]) => [x, y] as Point2), inners: building.footprint.inners.map((r) => r.map(([x, y]) => [x, y] as Point2)) };
  // Shapes drawn by height rather than pitch (pyramidal) rise over half the outline's width at the pitch.
  const rise = pitch === undefined ? 0 : slopeOf(pitch) * (minimumBoundingRectangle(footprint.outer).width / 2);
  const heights: BuildingHeights = { minHeight: building.minHeight, wallTop: building.wallTop, height: building.wallTop + rise, roofShape: correction.shape, ...(pitch !== undefined ? { pitch } : {}), heightTagged: false, guessed: [] };
  const foot = building.foot;
  // Without the straight skeleton's module (the browser fetches it when a correction needs it, see
  // correctionNeedsSkeleton; the fetch may fail) such a roof is drawn as a gable at the same pitch, the
  // nearest roof that can be drawn there (not flat: panels then lie at the pitch the visitor gave).
  const drawable = needsStraightSkeleton(footprint, correction.shape) && !skeletonLoaded() ? 'gabled' : correction.shape;
  const draw = (shape: string, height: number) => buildBuildingMesh(footprint, { ...heights, height, roofShape: shape }, building.base, { ...tags, 'roof:shape': shape }, foot === undefined ? undefined : () => foot);
  let mesh = draw(drawable, heights.height);
  // A roof that could not be built is drawn flat at the eaves, where the walls end, not at the ridge's height.
  if (mesh.roofShape === 'flat' && drawable !== 'flat') mesh = { ...draw('flat', building.wallTop), roofFallback: mesh.roofFallback };
  const uv = building.materials ? buildingUvMappings(building.materials, tiles, building.minHeight, building.wallTop, building.base) : undefined;
  const surface = (builder: { positions: ArrayLike<number>; normals: ArrayLike<number> }, mapping: UvMapping | undefined): RedrawnSurface => ({
    positions: new Float32Array(builder.positions),
    normals: new Float32Array(builder.normals),
    ...(mapping ? { uvs: storedUvs(builder.positions, builder.normals, mapping) } : {}),
  });
  const split = uv?.groundFloorTop !== undefined ? splitAtHeight(mesh.walls, uv.groundFloorTop) : undefined;
  const solar = building.existingSolar?.length ? relaidSolar(mesh.roofFaces.flatMap((face) => face.segments), building.existingSolar) : undefined;
  return {
    walls: surface(split?.above ?? mesh.walls, uv?.walls),
    ...(split ? { groundFloor: surface(split.below, uv?.walls) } : {}),
    roofFaces: mesh.roofFaces.map((face) => ({ ...surface(face.mesh, uv?.roof), segments: face.segments })),
    ...(solar ? { existingSolar: { surface: surface(solar.mesh, tiles.solar ? { kind: 'roof', tile: tiles.solar } : undefined), installations: solar.installations } } : {}),
    // The builder draws the shape asked for, a gable for a cross-gable it cannot draw, or flat.
    shape: isCorrectableShape(mesh.roofShape) ? mesh.roofShape : 'flat',
    ...(drawable !== correction.shape ? { fallback: SKELETON_FALLBACK } : mesh.roofFallback ? { fallback: mesh.roofFallback } : {}),
  };
}
