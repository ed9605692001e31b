import type { Point2 } from '../local-frame.ts';
import { distanceToSegment } from '../polygon.ts';

/** A vertex of the straight skeleton: x, y and the time the wavefront reached it (its distance from the walls). */
export type SkeletonVertex = [number, number, number];

/** A wall whose hipped end became a gable: its two corners and the gable's peak (x, y, time). */
export interface GableWall {
  a: Point2;
  b: Point2;
  peak: SkeletonVertex;
}

/** How far along its wall a gable's peak must lie (share of the wall), so that it is an end and not a corner. */
const PEAK_MARGIN = 0.05;

/**
 * Turns the hipped ends of a straight-skeleton roof into gables, as a gabled roof on an outline with
 * inner corners has them: each wing's ridge runs on to its end wall, which rises to a gable. A face is
 * a hipped end when it is a triangle on one wall whose apex ends the ridge between the faces of the two
 * neighbouring walls. The apex moves along that ridge until it meets the wall: the ridge is where the two
 * neighbours' planes meet, so their faces stay planar, and the triangle becomes the wall's gable.
 * Changes `vertices` in place.
 *
 * @returns the faces that remain roof faces, and the walls that rise to gables
 */
export function gableEnds(vertices: SkeletonVertex[], polygons: number[][]): { polygons: number[][]; gables: GableWall[] } {
  const facesOf = new Map<number, number[]>();
  polygons.forEach((polygon, face) => {
    for (const index of polygon) facesOf.set(index, [...(facesOf.get(index) ?? []), face]);
  });
  const removed = new Set<number>();
  const gables: GableWall[] = [];
  polygons.forEach((polygon, face) => {
    const end = hippedEnd(vertices, polygons, facesOf, polygon, face);
    if (!end) return;
    vertices[end.apex] = end.peak;
    removed.add(face);
    gables.push({ a: [vertices[end.a][0], vertices[end.a][1]], b: [vertices[end.b][0], vertices[end.b][1]], peak: end.peak });
  });
  return { polygons: polygons.filter((_, face) => !removed.has(face)), gables };
}

/** The wall of a triangular face, its apex, and where the apex goes to make the wall a gable; undefined when the face is no wing's end. */
function hippedEnd(vertices: SkeletonVertex[], polygons: number[][], facesOf: Map<number, number[]>, polygon: number[], face: number) {
  if (polygon.length !== 3) return undefined;
  const apexAt = polygon.findIndex((index) => vertices[index][2] > 0);
  if (apexAt < 0 || polygon.filter((index) => vertices[index][2] > 0).length !== 1) return undefined;
  const apex = polygon[apexAt];
  // The wall runs from a to b in the face's own order (the skeleton's faces keep the outline's turn).
  const a = polygon[(apexAt + 1) % 3];
  const b = polygon[(apexAt + 2) % 3];
  const apexFaces = facesOf.get(apex) ?? [];
  const before = neighbourFace(facesOf, a, face);
  const after = neighbourFace(facesOf, b, face);
  if (apexFaces.length !== 3 || before === undefined || after === undefined) return undefined;
  if (!apexFaces.includes(before) || !apexFaces.includes(after)) return undefined;
  if (polygons[before].length <= 3 || polygons[after].length <= 3) return undefined;
  const ridgeEnd = sharedNeighbour(polygons[before], polygons[after], apex, [a, b]);
  if (ridgeEnd === undefined || !(vertices[ridgeEnd][2] > 0)) return undefined;
  const peak = ridgeOnWall(vertices[ridgeEnd], vertices[apex], vertices[a], vertices[b]);
  if (!peak) return undefined;
  // The peak's height on both neighbours' planes: its distance from each of their walls.
  const timeBefore = distanceFromWall(peak, wallOf(vertices, polygons[before], a));
  const timeAfter = distanceFromWall(peak, wallOf(vertices, polygons[after], b));
  if (!(timeBefore > 0) || Math.abs(timeBefore - timeAfter) > 1e-3 * Math.max(1, timeBefore)) return undefined;
  return { apex, a, b, peak: [peak[0], peak[1], timeBefore] as SkeletonVertex };
}

/** The other face that holds an outline corner (each corner is on two walls' faces). */
function neighbourFace(facesOf: Map<number, number[]>, corner: number, face: number): number | undefined {
  const faces = (facesOf.get(corner) ?? []).filter((other) => other !== face);
  return faces.length === 1 ? faces[0] : undefined;
}

/** The vertex next to `apex` in both faces (the ridge's other end), other than the wall's corners. */
function sharedNeighbour(first: number[], second: number[], apex: number, corners: number[]): number | undefined {
  const around = (polygon: number[]) => {
    const at = polygon.indexOf(apex);
    return [polygon[(at + 1) % polygon.length], polygon[(at + polygon.length - 1) % polygon.length]];
  };
  const inSecond = around(second);
  return around(first).find((index) => inSecond.includes(index) && !corners.includes(index));
}

/** Where the ridge from `from` through `apex`, carried on, meets the wall a–b; undefined when it misses the wall's middle. */
function ridgeOnWall(from: SkeletonVertex, apex: SkeletonVertex, a: SkeletonVertex, b: SkeletonVertex): Point2 | undefined {
  const d: Point2 = [apex[0] - from[0], apex[1] - from[1]];
  const e: Point2 = [b[0] - a[0], b[1] - a[1]];
  const denominator = d[0] * e[1] - d[1] * e[0];
  if (Math.hypot(...d) < 1e-9 || Math.abs(denominator) < 1e-9 * Math.hypot(...d) * Math.hypot(...e)) return undefined;
  const w: Point2 = [a[0] - from[0], a[1] - from[1]];
  const alongRidge = (w[0] * e[1] - w[1] * e[0]) / denominator;
  const alongWall = (w[0] * d[1] - w[1] * d[0]) / denominator;
  if (alongRidge < 1 - 1e-9 || alongWall < PEAK_MARGIN || alongWall > 1 - PEAK_MARGIN) return undefined;
  return [from[0] + d[0] * alongRidge, from[1] + d[1] * alongRidge];
}

/** The outline wall of a face that ends at `corner` (its two vertices at time 0). */
function wallOf(vertices: SkeletonVertex[], polygon: number[], corner: number): [SkeletonVertex, SkeletonVertex] {
  const at = polygon.indexOf(corner);
  const next = polygon[(at + 1) % polygon.length];
  const other = vertices[next][2] === 0 ? next : polygon[(at + polygon.length - 1) % polygon.length];
  return [vertices[corner], vertices[other]];
}

/** Distance from a point to the line through a wall. */
function distanceFromWall(p: Point2, [a, b]: [SkeletonVertex, SkeletonVertex]): number {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / length;
}

/**
 * The height of the wall tops along a roof's gables: at the gable's peak the roof's height there, falling
 * in a straight line to the eaves at both corners; the eaves everywhere else.
 */
export function gableWallTop(gables: GableWall[], eaves: number, heightOf: (time: number) => number): { wallTopAt(p: Point2): number; wallBreaks(a: Point2, b: Point2): Point2[] } {
  const same = (p: Point2, q: Point2) => Math.abs(p[0] - q[0]) < 1e-6 && Math.abs(p[1] - q[1]) < 1e-6;
  const onSegment = (p: Point2, a: Point2, b: Point2) => distanceToSegment(p, a, b) < 1e-3;
  const onWall = (p: Point2) => gables.find((gable) => onSegment(p, gable.a, [gable.peak[0], gable.peak[1]]) || onSegment(p, gable.b, [gable.peak[0], gable.peak[1]]));
  return {
    wallTopAt: (p) => {
      const gable = onWall(p);
      if (!gable) return eaves;
      const corner = onSegment(p, gable.a, [gable.peak[0], gable.peak[1]]) ? gable.a : gable.b;
      const share = Math.hypot(p[0] - corner[0], p[1] - corner[1]) / Math.hypot(gable.peak[0] - corner[0], gable.peak[1] - corner[1]);
      return eaves + (heightOf(gable.peak[2]) - eaves) * Math.min(1, share);
    },
    wallBreaks: (a, b) => {
      const gable = gables.find((g) => (same(g.a, a) && same(g.b, b)) || (same(g.a, b) && same(g.b, a)));
      return gable ? [[gable.peak[0], gable.peak[1]]] : [];
    },
  };
}
