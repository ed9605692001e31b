import type { Point2 } from './local-frame.ts';
import { pointInRing } from './polygon.ts';
import { MeshBuilder, newellNormal, type Point3 } from './mesh-builder.ts';
import { describeRoofFace, type RoofSegment } from './roof-segment.ts';
import { buildRoof } from './roofs/build-roof.ts';
import type { Footprint, Roof, RoofFace } from './roofs/roof-types.ts';
import type { BuildingHeights } from './building-heights.ts';

/** Roof shapes made of many small faces, kept in one primitive (each face still described). */
const CURVED_SHAPES = new Set(['dome', 'half-dome', 'onion', 'round']);
/** Roofs curved both ways: no panel lies flat on their facets (a barrel roof's run along its length). */
const DOUBLY_CURVED_SHAPES = new Set(['dome', 'half-dome', 'onion']);

/** A building's geometry: walls, the roof's primitives with their faces' descriptions, and what was drawn. */
export interface BuildingMesh {
  walls: MeshBuilder;
  /** One primitive per planar roof face; curved roofs in one primitive. */
  roofFaces: { mesh: MeshBuilder; segments: RoofSegment[] }[];
  roofShape: string;
  /** Why the tagged roof was not drawn, when it was not. */
  roofFallback?: string;
  /** Top of the drawn roof above the base, metres (a roof at a tagged pitch sets its own height). */
  top: number;
}

/**
 * The bottom of a wall from `a` to `b` that stands on the ground (absolute height, local frame): walls
 * are carried down to it where the ground falls away below the base.
 */
export type WallFoot = (a: Point2, b: Point2) => number;

/**
 * Builds walls and roof of one building or part, standing on `base` metres (its building's seat, see
 * seating.ts). Walls that start at the ground reach down to `foot` where that is lower than the base.
 */
export function buildBuildingMesh(footprint: Footprint, heights: BuildingHeights, base: number, tags: Record<string, string>, foot?: WallFoot): BuildingMesh {
  const { roof, fallback } = pitchedRoof(footprint, heights, tags, heights.roofShape);
  const walls = new MeshBuilder();
  const onPosts = isRoofOnPosts(tags);
  // A roof on posts (carport, canopy) has a fascia under its eaves instead of walls, and posts.
  const wallBottom = onPosts ? Math.max(heights.minHeight, Math.min(...footprint.outer.map((p) => roof.wallTopAt(p))) - FASCIA_M) : heights.minHeight;
  for (const ring of [footprint.outer, ...footprint.inners]) addWalls(walls, ring, roof, wallBottom, base, foot);
  if (onPosts) {
    // A canopy standing alone (building=roof) at a carport's or a filling station's height has posts down to
    // the ground, whatever height its roof starts at; a high one spans between buildings, and a canopy part
    // stands on what is below it.
    const grounded = tags.building === 'roof' && heights.minHeight <= CANOPY_ON_POSTS_MAX_M;
    addPosts(walls, footprint.outer, grounded ? 0 : heights.minHeight, wallBottom, base, foot);
    walls.polygon(footprint.outer.map(([x, y]): Point3 => [x, y, base + wallBottom]).reverse());
  }
  const curved = CURVED_SHAPES.has(roof.shape);
  const shared = new MeshBuilder();
  const roofFaces: BuildingMesh['roofFaces'] = curved ? [{ mesh: shared, segments: [] }] : [];
  for (const face of roof.faces) {
    const lifted = upward({ outer: face.outer.map(([x, y, z]) => [x, y, z + base]), holes: face.holes.map((h) => h.map(([x, y, z]) => [x, y, z + base])) });
    const mesh = curved ? shared : new MeshBuilder();
    const before = mesh.triangleCount;
    mesh.polygon(lifted.outer, lifted.holes);
    if (mesh.triangleCount === before) continue;
    const segment = { ...describeRoofFace(lifted, 0), ...(DOUBLY_CURVED_SHAPES.has(roof.shape) ? { curved: true as const } : {}) };
    if (curved) roofFaces[0].segments.push(segment);
    else roofFaces.push({ mesh, segments: [segment] });
  }
  const top = Math.max(heights.wallTop, ...roof.faces.flatMap((face) => face.outer.map((p) => p[2])));
  return { walls, roofFaces: roofFaces.filter((f) => f.mesh.triangleCount > 0), roofShape: roof.shape, roofFallback: fallback, top };
}

/** Depth of the band under a roof on posts, metres. */
const FASCIA_M = 0.3;
/** A canopy whose roof starts higher than this is carried by the buildings around it, not by posts, metres. */
const CANOPY_ON_POSTS_MAX_M = 6;
/** Side of a square post, metres. */
const POST_M = 0.2;
/** A roof on posts gets a post at every corner, up to this many. */
const MAX_POSTS = 16;

/** Whether a building is a roof on posts: `building=roof` (carports, canopies, fuel station roofs). */
export function isRoofOnPosts(tags: Record<string, string>): boolean {
  return tags.building === 'roof' || tags['building:part'] === 'roof';
}

/**
 * Builds the roof; a roof at a tagged pitch ends at the tagged `height` when there is one, so its
 * walls are lowered by the rise the pitch gives (the rise follows the roof's depth, not a guess).
 */
function pitchedRoof(footprint: Footprint, heights: BuildingHeights, tags: Record<string, string>, shape: string) {
  const first = buildRoof(footprint, { wallTop: heights.wallTop, height: heights.height, pitch: heights.pitch }, tags, shape);
  if (heights.pitch === undefined || !heights.heightTagged) return first;
  const rise = Math.max(...first.roof.faces.flatMap((face) => face.outer.map((p) => p[2]))) - heights.wallTop;
  const wallTop = Math.max(heights.minHeight, heights.height - rise);
  return wallTop === heights.wallTop ? first : buildRoof(footprint, { wallTop, height: heights.height, pitch: heights.pitch }, tags, shape);
}

/** Square posts under the corners of a roof on posts, inset so they stand under the roof. */
function addPosts(mesh: MeshBuilder, ring: Point2[], bottom: number, top: number, base: number, foot?: WallFoot): void {
  const step = Math.max(1, Math.ceil(ring.length / MAX_POSTS));
  const h = POST_M / 2;
  for (let i = 0; i < ring.length; i += step) {
    const centre = postAt(ring, i);
    if (!centre) continue;
    const [px, py] = centre;
    const square: Point2[] = [[px - h, py - h], [px + h, py - h], [px + h, py + h], [px - h, py + h]];
    if (!square.every((corner) => pointInRing(corner, ring))) continue;
    const post = { wallTopAt: () => top, wallBreaks: () => [] };
    addWalls(mesh, square, post, bottom, base, foot);
  }
}

/**
 * Where a post stands at an outline's corner: POST_M in from both walls that meet there, on the corner's
 * bisector (a step towards the outline's middle leaves it on concave or long thin outlines). None at an
 * inner corner, which has no post under it. The ring is counter-clockwise.
 */
function postAt(ring: Point2[], i: number): Point2 | undefined {
  const [a, b, c] = [ring[(i + ring.length - 1) % ring.length], ring[i], ring[(i + 1) % ring.length]];
  const inward = (p: Point2, q: Point2): Point2 => {
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [-(q[1] - p[1]) / length, (q[0] - p[0]) / length];
  };
  const [n1, n2] = [inward(a, b), inward(b, c)];
  const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
  const cosine = n1[0] * n2[0] + n1[1] * n2[1];
  if (turn < 0 || cosine < -0.9) return undefined;
  // The point at distance POST_M from both walls' lines.
  const scale = POST_M / (1 + cosine);
  return [b[0] + (n1[0] + n2[0]) * scale, b[1] + (n1[1] + n2[1]) * scale];
}

function addWalls(mesh: MeshBuilder, ring: Point2[], roof: Pick<Roof, 'wallTopAt' | 'wallBreaks'>, minHeight: number, base: number, foot?: WallFoot): void {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const tops = [a, ...roof.wallBreaks(a, b), b].map((p): Point3 => [p[0], p[1], base + roof.wallTopAt(p)]);
    // A wall on the ground goes down to it; a raised one (min_height, a roof's fascia) keeps its bottom.
    const bottom = minHeight === 0 && foot ? Math.min(base, foot(a, b)) : base + minHeight;
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
