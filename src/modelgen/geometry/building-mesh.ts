import type { Point2 } from './local-frame.ts';
import { MeshBuilder, newellNormal, type Point3 } from './mesh-builder.ts';
import { describeRoofFace, type RoofSegment } from './roof-segment.ts';
import { buildRoof } from './roofs/build-roof.ts';
import type { Footprint, Roof, RoofFace } from './roofs/roof-types.ts';
import type { BuildingHeights } from './building-heights.ts';

/** Roof shapes made of many small faces, kept in one primitive (each face still described). */
const CURVED_SHAPES = new Set(['dome', 'half-dome', 'onion', 'round']);

/** A building's geometry: walls, the roof's primitives with their faces' descriptions, and what was drawn. */
export interface BuildingMesh {
  walls: MeshBuilder;
  /** One primitive per planar roof face; curved roofs in one primitive. */
  roofFaces: { mesh: MeshBuilder; segments: RoofSegment[] }[];
  roofShape: string;
  /** Why the tagged roof was not drawn, when it was not. */
  roofFallback?: string;
}

/**
 * Builds walls and roof of one building or part, standing on `base` metres (its building's lowest
 * ground point). `simple` draws flat roofs only (SD).
 */
export function buildBuildingMesh(footprint: Footprint, heights: BuildingHeights, base: number, tags: Record<string, string>, simple: boolean): BuildingMesh {
  const shape = simple ? 'flat' : heights.roofShape;
  const roofHeights = simple ? { wallTop: heights.height, height: heights.height } : { wallTop: heights.wallTop, height: heights.height };
  const { roof, fallback } = buildRoof(footprint, roofHeights, tags, shape);
  const walls = new MeshBuilder();
  for (const ring of [footprint.outer, ...footprint.inners]) addWalls(walls, ring, roof, heights.minHeight, base);
  const curved = CURVED_SHAPES.has(roof.shape);
  const shared = new MeshBuilder();
  const roofFaces: BuildingMesh['roofFaces'] = curved ? [{ mesh: shared, segments: [] }] : [];
  for (const face of roof.faces) {
    const lifted = upward({ outer: face.outer.map(([x, y, z]) => [x, y, z + base]), holes: face.holes.map((h) => h.map(([x, y, z]) => [x, y, z + base])) });
    const mesh = curved ? shared : new MeshBuilder();
    const before = mesh.triangleCount;
    mesh.polygon(lifted.outer, lifted.holes);
    if (mesh.triangleCount === before) continue;
    const segment = describeRoofFace(lifted, 0);
    if (curved) roofFaces[0].segments.push(segment);
    else roofFaces.push({ mesh, segments: [segment] });
  }
  return { walls, roofFaces: roofFaces.filter((f) => f.mesh.triangleCount > 0), roofShape: roof.shape, roofFallback: fallback };
}

function addWalls(mesh: MeshBuilder, ring: Point2[], roof: Roof, minHeight: number, base: number): void {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const tops = [a, ...roof.wallBreaks(a, b), b].map((p): Point3 => [p[0], p[1], base + roof.wallTopAt(p)]);
    const bottom = base + minHeight;
    if (tops.every((p) => p[2] - bottom < 0.01)) continue;
    const outline: Point3[] = [[a[0], a[1], bottom], [b[0], b[1], bottom], ...tops.reverse()];
    mesh.polygon(outline);
  }
}

/** The face with its normal pointing up (skeleton faces may come either way round). */
function upward(face: RoofFace): RoofFace {
  if (newellNormal(face.outer)[2] >= 0) return face;
  return { outer: [...face.outer].reverse(), holes: face.holes.map((h) => [...h].reverse()) };
}
