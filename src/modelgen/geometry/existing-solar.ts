import { clipRing } from './clip-ring.ts';
import type { Point2 } from './local-frame.ts';
import { MeshBuilder, type Point3 } from './mesh-builder.ts';
import { convexHull, signedArea } from './polygon.ts';
import type { RoofSegment } from './roof-segment.ts';

/** Square metres of panels per kWp mapped on a point (modern modules with their gaps). */
const M2_PER_KWP = 6;
/** Panels on a point whose power is not mapped: a typical house system. */
const DEFAULT_M2 = 24;
/** Panels sit this far above the roof, metres (mounting rails). */
const LIFT_M = 0.08;

/** An existing PV installation as a building's extras list it: where it lies on the roof. */
export interface ExistingSolar {
  osmId: string;
  /** Square metres of roof it covers. */
  area: number;
  /** Its outline on each roof face it covers (glTF frame: x east, y up, z south). */
  outlines: [number, number, number][][];
}

/** Existing PV drawn on a roof: the mesh and what the building's extras say. */
export interface SolarOnRoof {
  mesh: MeshBuilder;
  installations: ExistingSolar[];
}

/**
 * Lays mapped PV onto a building's roof faces: an area as mapped (its convex hull); a point as a square
 * of the mapped power's size (`generator:output:electricity`) in the middle of the roof's sunniest face,
 * aligned with `along`. Each piece is clipped to the faces it covers and lifted a little above them.
 *
 * @param installations - in local metres (x east, y north)
 * @param sunward - azimuth of the equator, degrees (180 north of it)
 */
export function solarOnRoof(segments: RoofSegment[], installations: { osmId: string; points: Point2[]; tags: Record<string, string> }[], along: Point2, sunward = 180): SolarOnRoof {
  const mesh = new MeshBuilder();
  const out: ExistingSolar[] = [];
  const slots = pointSlots(installations);
  for (const installation of installations) {
    const isArea = installation.points.length >= 3;
    // A point says only which roof: its panels go on the roof's sunniest face, centred there (several
    // points on one roof side by side along it).
    const best = isArea ? undefined : sunniest(segments, sunward);
    const centre = best ? shifted(groundCentre(best), along, slots.get(installation)!) : installation.points[0];
    const area = isArea ? oriented(convexHull(installation.points)) : square(centre, mappedArea(installation.tags), along);
    const outlines: [number, number, number][][] = [];
    let covered = 0;
    for (const segment of best ? [best] : segments) {
      const face = oriented(segment.outline.map(([x, , z]) => [x, -z] as Point2));
      let piece = face;
      for (let i = 0; i < area.length && piece.length >= 3; i++) {
        const [a, b] = [area[i], area[(i + 1) % area.length]];
        // Keep what is left of each edge of the counter-clockwise area (clipRing keeps where the value is ≤ 0).
        piece = clipRing(piece, (p) => (b[1] - a[1]) * (p[0] - a[0]) - (b[0] - a[0]) * (p[1] - a[1]));
      }
      if (piece.length < 3 || Math.abs(signedArea(piece)) < 0.5) continue;
      const lifted = piece.map((p) => onFace(segment, p));
      mesh.polygon(lifted.map(([x, y, z]): Point3 => [x, -z, y]));
      outlines.push(lifted.map((p) => p.map((v) => Math.round(v * 100) / 100) as [number, number, number]));
      covered += Math.abs(signedArea(piece)) / Math.max(segment.normal[1], 0.2);
    }
    if (outlines.length) out.push({ osmId: installation.osmId, area: Math.round(covered * 10) / 10, outlines });
  }
  return { mesh, installations: out };
}

/**
 * Lays PV already drawn on a roof onto the same roof redrawn (a visitor's correction): each
 * installation keeps where it lies seen from above (the hull of its outlines) and takes the new faces'
 * heights.
 */
export function relaidSolar(segments: RoofSegment[], installations: readonly ExistingSolar[]): SolarOnRoof {
  const plans = installations.map(({ osmId, outlines }) => ({ osmId, points: outlines.flat().map(([x, , z]): Point2 => [x, -z]), tags: {} }));
  // Every plan is an area (three or more points), so the facing and the sun's side play no part.
  return solarOnRoof(segments, plans.filter((plan) => plan.points.length >= 3), [1, 0]);
}

/**
 * Where each mapped point's square lies along the roof from the sunniest face's middle, metres: the
 * squares side by side, the row centred there.
 */
function pointSlots<T extends { points: Point2[]; tags: Record<string, string> }>(installations: readonly T[]): Map<T, number> {
  const points = installations.filter((installation) => installation.points.length < 3);
  const sides = points.map((point) => Math.sqrt(mappedArea(point.tags)));
  let start = -sides.reduce((sum, side) => sum + side, 0) / 2;
  const slots = new Map<T, number>();
  points.forEach((point, i) => {
    slots.set(point, start + sides[i]! / 2);
    start += sides[i]!;
  });
  return slots;
}

function shifted([x, y]: Point2, [ax, ay]: Point2, by: number): Point2 {
  return [x + ax * by, y + ay * by];
}

/** The largest face looking most toward the sun (flat faces count as looking halfway). */
function sunniest(segments: RoofSegment[], sunward: number): RoofSegment | undefined {
  const score = (s: RoofSegment) => s.area * (s.pitch < 5 ? 0.5 : (1 + Math.cos(((s.azimuth - sunward) * Math.PI) / 180)) / 2);
  return segments.reduce<RoofSegment | undefined>((best, s) => (!best || score(s) > score(best) ? s : best), undefined);
}

function groundCentre(segment: RoofSegment): Point2 {
  const n = segment.outline.length;
  return [segment.outline.reduce((sum, p) => sum + p[0], 0) / n, -segment.outline.reduce((sum, p) => sum + p[2], 0) / n];
}

/** The point of a roof face above a ground point, lifted along the face's normal. */
function onFace(segment: RoofSegment, [x, y]: Point2): [number, number, number] {
  const [nx, ny, nz] = segment.normal;
  const [px, py, pz] = segment.outline[0];
  const z = -y;
  const height = Math.abs(ny) > 1e-6 ? py - (nx * (x - px) + nz * (z - pz)) / ny : py;
  return [x + nx * LIFT_M, height + ny * LIFT_M, z + nz * LIFT_M];
}

function mappedArea(tags: Record<string, string>): number {
  const match = /^\s*([\d.]+)\s*(kW|kWp|MW|W)?\s*$/i.exec(tags['generator:output:electricity'] ?? '');
  if (!match) return DEFAULT_M2;
  const unit = (match[2] ?? 'kW').toLowerCase();
  const kw = Number(match[1]) * (unit === 'mw' ? 1000 : unit === 'w' ? 0.001 : 1);
  return kw > 0 ? Math.min(kw * M2_PER_KWP, 2000) : DEFAULT_M2;
}

function square(centre: Point2, area: number, along: Point2): Point2[] {
  const half = Math.sqrt(area) / 2;
  const across: Point2 = [-along[1], along[0]];
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => [centre[0] + half * (u * along[0] + v * across[0]), centre[1] + half * (u * along[1] + v * across[1])] as Point2);
}

function oriented(ring: Point2[]): Point2[] {
  return signedArea(ring) >= 0 ? ring : [...ring].reverse();
}
