/**
 * Compares one measured building as the source gives it with the building node of the produced GLB
 * (for bench/lod2.ts). Source planes are computed here from the source polygons, independently of the
 * generator's face merging.
 */
import earcut from 'earcut';
import { newellNormal } from '../src/modelgen/geometry/mesh-builder.ts';
import { pointInRing } from '../src/modelgen/geometry/polygon.ts';
import type { LocalFrame } from '../src/modelgen/geometry/local-frame.ts';
import type { Lod2Building } from '../src/modelgen/lod2/lod2-types.ts';
import type { ModelBuilding } from '../test/helpers/read-model.ts';

type Vec3 = [number, number, number];

export interface BuildingFigures {
  polygons: { sourcePitch: number; pitchError: number; azimuthError: number }[];
  /** Each GLB face with the source area it holds. */
  faces: { area: number; areaError: number }[];
  eavesError: number;
  ridgeError: number;
}

/** Pitch, azimuth, area and centre of every source roof polygon, each facing up, in metres east/north/up. */
function sourcePlanes(building: Lod2Building, frame: LocalFrame) {
  return building.polygons
    .filter((p) => p.kind === 'roof')
    .map((p) => {
      const ring = p.outer.map(([lon, lat, z]): Vec3 => [...frame.toLocal(lon, lat), z]);
      const holes = p.holes.map((h) => h.map(([lon, lat, z]): Vec3 => [...frame.toLocal(lon, lat), z]));
      let n = newellNormal(ring);
      const area = Math.hypot(...n) / 2 - holes.reduce((s, h) => s + Math.hypot(...newellNormal(h)) / 2, 0);
      if (n[2] < 0) n = [-n[0], -n[1], -n[2]];
      const length = Math.hypot(...n) || 1;
      const unit: Vec3 = [n[0] / length, n[1] / length, n[2] / length];
      return { unit, area, centre: interiorPoint(ring, holes), ...pitchAzimuth(unit) };
    })
    .filter((p) => p.area > 0.001);
}

/** Measures a drawn building against its source. */
export function measureBuilding(source: Lod2Building, node: ModelBuilding, frame: LocalFrame): BuildingFigures {
  const planes = sourcePlanes(source, frame);
  const segments = node.segments.map((s) => ({ segment: s, unit: [s.normal![0], -s.normal![2], s.normal![1]] as Vec3, ring: s.outline.map(([x, , z]): [number, number] => [x, -z]), corner: s.outline[0] }));
  const bottom = node.bottom;
  const sourceGround = Math.min(...source.polygons.filter((p) => p.kind === 'ground').flatMap((p) => p.outer.map((v) => v[2])), Infinity);
  const groundLevel = Number.isFinite(sourceGround) ? sourceGround : Math.min(...source.polygons.flatMap((p) => p.outer.map((v) => v[2])));
  const assigned = new Map<number, number>();
  const polygons = planes.map((plane) => {
    // The face that holds the polygon: over its centre in plan, in its plane (heights above the ground), facing its way.
    const angle = (i: number) => Math.acos(Math.min(1, dot(plane.unit, segments[i].unit)));
    const gap = (i: number) => {
      const { unit, corner } = segments[i];
      const [x, y] = plane.centre;
      const z = corner[1] - (unit[0] * (x - corner[0]) + unit[1] * (y + corner[2])) / Math.max(unit[2], 1e-6);
      return Math.abs(z - bottom - (plane.centre[2] - groundLevel));
    };
    const score = (i: number) => angle(i) * 10 + gap(i);
    const indices = segments.map((_, i) => i);
    const holding = indices.filter((i) => pointInRing([plane.centre[0], plane.centre[1]], segments[i].ring));
    const pool = holding.length > 0 ? holding : indices;
    const best = pool.reduce((a, b) => (score(b) < score(a) ? b : a), pool[0]);
    assigned.set(best, (assigned.get(best) ?? 0) + plane.area);
    const segment = segments[best]?.segment;
    if (!segment) return { sourcePitch: plane.pitch, pitchError: Infinity, azimuthError: Infinity };
    return { sourcePitch: plane.pitch, pitchError: Math.abs(segment.pitch - plane.pitch), azimuthError: Math.abs(((segment.azimuth - plane.azimuth + 540) % 360) - 180) };
  });
  const faces = [...assigned].map(([i, area]) => ({ area, areaError: Math.abs(segments[i].segment.area - area) / area }));
  const ground = source.polygons.filter((p) => p.kind === 'ground');
  const groundZ = Math.min(...(ground.length ? ground : source.polygons).flatMap((p) => p.outer.map((v) => v[2])));
  const roofZ = source.polygons.filter((p) => p.kind === 'roof').flatMap((p) => p.outer.map((v) => v[2]));
  const roofY = node.roofTriangles.flat().map((v) => v[1]);
  return {
    polygons: polygons.filter((_, i) => planes[i].area >= 0.5),
    faces,
    eavesError: Math.abs(Math.min(...roofY) - node.bottom - (Math.min(...roofZ) - groundZ)),
    ridgeError: Math.abs(Math.max(...roofY) - node.bottom - (Math.max(...roofZ) - groundZ)),
  };
}

/** A point surely inside a polygon seen from above (the centre of its largest triangle: outlines may be concave). */
function interiorPoint(ring: Vec3[], holes: Vec3[][]): Vec3 {
  const all = [ring, ...holes].flat();
  const holeStarts: number[] = [];
  let offset = ring.length;
  for (const hole of holes) {
    holeStarts.push(offset);
    offset += hole.length;
  }
  const indices = earcut(all.flatMap((v) => [v[0], v[1]]), holeStarts, 2);
  let best: Vec3 = all[0];
  let bestArea = -1;
  for (let i = 0; i < indices.length; i += 3) {
    const [a, b, c] = [all[indices[i]], all[indices[i + 1]], all[indices[i + 2]]];
    const area = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
    if (area > bestArea) [best, bestArea] = [[(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3], area];
  }
  return best;
}

/** Height of the GLB's ground surface under a point (glTF x, z), or undefined off the ground. */
export function groundHeightAt(ground: Vec3[][], x: number, z: number): number | undefined {
  let index = groundIndexes.get(ground);
  if (!index) groundIndexes.set(ground, (index = indexTriangles(ground)));
  for (const [a, b, c] of index.get(key(x, z)) ?? []) {
    const d = (b[2] - c[2]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[2] - c[2]);
    if (Math.abs(d) < 1e-12) continue;
    const u = ((b[2] - c[2]) * (x - c[0]) + (c[0] - b[0]) * (z - c[2])) / d;
    const v = ((c[2] - a[2]) * (x - c[0]) + (a[0] - c[0]) * (z - c[2])) / d;
    const w = 1 - u - v;
    if (u >= -1e-9 && v >= -1e-9 && w >= -1e-9) return u * a[1] + v * b[1] + w * c[1];
  }
  return undefined;
}

const BUCKET = 10;
const groundIndexes = new WeakMap<Vec3[][], Map<string, Vec3[][]>>();

function indexTriangles(triangles: Vec3[][]): Map<string, Vec3[][]> {
  const index = new Map<string, Vec3[][]>();
  for (const t of triangles) {
    const xs = t.map((v) => v[0]);
    const zs = t.map((v) => v[2]);
    for (let i = Math.floor(Math.min(...xs) / BUCKET); i <= Math.floor(Math.max(...xs) / BUCKET); i++) {
      for (let j = Math.floor(Math.min(...zs) / BUCKET); j <= Math.floor(Math.max(...zs) / BUCKET); j++) {
        const k = `${i}_${j}`;
        const list = index.get(k);
        if (list) list.push(t);
        else index.set(k, [t]);
      }
    }
  }
  return index;
}

function key(x: number, z: number): string {
  return `${Math.floor(x / BUCKET)}_${Math.floor(z / BUCKET)}`;
}


function pitchAzimuth(unit: Vec3): { pitch: number; azimuth: number } {
  return { pitch: (Math.acos(Math.min(1, unit[2])) * 180) / Math.PI, azimuth: ((Math.atan2(unit[0], unit[1]) * 180) / Math.PI + 360) % 360 };
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}



