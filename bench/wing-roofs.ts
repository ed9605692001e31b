/**
 * Gabled roofs on outlines with wings (L, T, U, staggered: inner corners cutting at least 5 % of the
 * convex hull) against measured roofs: one gable across the whole outline (what the generator draws for
 * `roof:shape=gabled` or an inferred gable) and a cross-gabled roof (a gable on every wing, the straight
 * skeleton's; the visitor's choice in the Solar Wizard). For every building of the two NRW LoD2 tiles
 * measured with a pitched roof (AdV gabled, hipped, half-hipped, mansard, mixed, other) and of the Zürich
 * subset with mostly sloped roofs, both are drawn on the measured ground outline at the measured mean
 * pitch (so only the shape is compared) and checked against the measured roof planes on a 0.5 m grid:
 * the share of the measured sloped roof where the drawn face looks within 45° of the measured face's
 * direction (what decides a panel layout's yield), and the ridge's rise above the eaves.
 *
 *   node bench/wing-roofs.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Point2 } from '../src/modelgen/geometry/local-frame.ts';
import { newellNormal, type Point3 } from '../src/modelgen/geometry/mesh-builder.ts';
import { cleanRing, convexHull, oriented, pointInRing, signedArea } from '../src/modelgen/geometry/polygon.ts';
import { ridgeAcross } from '../src/modelgen/geometry/roofs/build-roof.ts';
import { isConvex } from '../src/modelgen/geometry/roofs/roof-outline.ts';
import { PROFILES, profileRoof } from '../src/modelgen/geometry/roofs/profile-roof.ts';
import { CROSS_GABLED, type Roof } from '../src/modelgen/geometry/roofs/roof-types.ts';
import { initSkeleton, skeletonRoof } from '../src/modelgen/geometry/roofs/skeleton-roof.ts';
import { pitchAzimuth } from '../src/modelgen/lod2/polygon-3d.ts';
import { readLod2File } from '../src/modelgen/lod2/read-lod2-file.ts';
import { readNrwTile } from './nrw-footprints.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const TILES = ['nrw-LoD2_32_329_5725_1_NW.gml.gz', 'nrw-LoD2_32_356_5655_1_NW.gml.gz', 'zurich-subset-lod2.city.json.gz'];
/** AdV roof types of pitched roofs (gabled, hipped, half-hipped, mansard, mixed, other). */
const PITCHED_ADV = new Set(['3100', '3200', '3300', '3400', '5000', '9999']);
if (!TILES.every((tile) => fs.existsSync(path.join(SHARED, 'lod2', tile)))) {
  console.log(`Skipped: the NRW tiles and the Zürich subset are not all in ${path.join(SHARED, 'lod2')}.`);
  process.exit(0);
}
const METRES_PER_DEGREE = 111_319.49;
const GRID_M = 0.5;
const AGREE_DEGREES = 45;
/** Inner corners that cut at least this share out of the convex hull make wings. */
const WING_HULL_SHARE = 0.05;

const winged = (ring: Point2[]) => !isConvex(ring) && 1 - Math.abs(signedArea(ring)) / Math.abs(signedArea(convexHull(ring))) >= WING_HULL_SHARE;

/** A planar face in plan: its ring, and the plane's height, pitch and azimuth. */
interface PlanFace {
  ring: Point2[];
  heightAt: (p: Point2) => number;
  pitch: number;
  azimuth: number;
}

function planFace(outer: Point3[]): PlanFace | undefined {
  const n = newellNormal(outer);
  const length = Math.hypot(n[0], n[1], n[2]);
  if (length === 0 || n[2] <= 0) return undefined;
  const normal: Point3 = [n[0] / length, n[1] / length, n[2] / length];
  const [x0, y0, z0] = outer[0];
  const { pitch, azimuth } = pitchAzimuth(normal);
  return { ring: outer.map(([x, y]) => [x, y] as Point2), heightAt: ([x, y]) => z0 - (normal[0] * (x - x0) + normal[1] * (y - y0)) / normal[2], pitch, azimuth };
}

/** The face over a point seen from above (the highest where faces overlap). */
function faceAt(faces: PlanFace[], p: Point2): PlanFace | undefined {
  let best: PlanFace | undefined;
  for (const face of faces) if (pointInRing(p, face.ring) && (!best || face.heightAt(p) > best.heightAt(p))) best = face;
  return best;
}

const angleBetween = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

interface Score {
  agree: number;
  sloped: number;
  riseError: number;
}

/** How a drawn roof matches the measured one: sloped grid points facing within AGREE_DEGREES, and the rise's error. */
function score(drawn: Roof, measured: PlanFace[], ground: Point2[], measuredRise: number): Score {
  const faces = drawn.faces.map((face) => planFace(face.outer)).filter((face): face is PlanFace => face !== undefined);
  const xs = ground.map((p) => p[0]);
  const ys = ground.map((p) => p[1]);
  let agree = 0;
  let sloped = 0;
  for (let x = Math.min(...xs) + GRID_M / 2; x < Math.max(...xs); x += GRID_M) {
    for (let y = Math.min(...ys) + GRID_M / 2; y < Math.max(...ys); y += GRID_M) {
      if (!pointInRing([x, y], ground)) continue;
      const truth = faceAt(measured, [x, y]);
      if (!truth || truth.pitch < 5) continue;
      sloped += 1;
      const face = faceAt(faces, [x, y]);
      if (face && face.pitch >= 5 && angleBetween(face.azimuth, truth.azimuth) <= AGREE_DEGREES) agree += 1;
    }
  }
  const rise = Math.max(...drawn.faces.flatMap((face) => face.outer.map((p) => p[2])));
  return { agree, sloped, riseError: Math.abs(rise - measuredRise) };
}

await initSkeleton();
console.log(`\n${new Date().toISOString().slice(0, 10)} · node bench/wing-roofs.ts\n`);
console.log('| place | pitched roofs on winged outlines | drawn face within 45° of the measured one: one gable / cross-gabled | ridge rise error, mean: one gable / cross-gabled | buildings where cross-gabled faces better / worse |');
console.log('|---|---:|---:|---:|---:|');
const all = { profile: { agree: 0, sloped: 0 }, wings: { agree: 0, sloped: 0 }, count: 0 };
for (const tile of TILES) {
  const file = path.join(SHARED, 'lod2', tile);
  const pitched = tile.startsWith('nrw-') ? new Set(readNrwTile(file).filter((b) => PITCHED_ADV.has(b.roofType)).map((b) => b.id)) : undefined;
  const totals = { profile: { agree: 0, sloped: 0, rise: 0 }, wings: { agree: 0, sloped: 0, rise: 0 } };
  let count = 0;
  let better = 0;
  let worse = 0;
  for (const building of (await readLod2File(file)).buildings) {
    if (pitched && !pitched.has(building.id)) continue;
    const [lon0, lat0] = building.polygons[0].outer[0];
    const cos = Math.cos((lat0 * Math.PI) / 180);
    const local = (ring: number[][]): Point3[] => ring.map(([lon, lat, z]) => [(lon - lon0) * METRES_PER_DEGREE * cos, (lat - lat0) * METRES_PER_DEGREE, z]);
    const grounds = building.polygons.filter((p) => p.kind === 'ground').map((p) => local(p.outer).map(([x, y]) => [x, y] as Point2));
    if (grounds.length === 0) continue;
    const ground = oriented(cleanRing(grounds.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a))), true);
    const footprint = { outer: ground, inners: [] };
    if (ground.length < 4 || !winged(ground)) continue;
    const roofRings = building.polygons.filter((p) => p.kind === 'roof').map((p) => local(p.outer));
    const measured = roofRings.map(planFace).filter((face): face is PlanFace => face !== undefined);
    const sloped = measured.filter((face) => face.pitch >= 5 && face.pitch <= 80);
    const areaOf = (face: PlanFace) => Math.abs(signedArea(face.ring));
    const slopedArea = sloped.reduce((sum, face) => sum + areaOf(face), 0);
    // Without a roof type (Zürich), a pitched roof is one mostly sloped.
    if (sloped.length === 0 || (!pitched && slopedArea < 0.6 * measured.reduce((sum, face) => sum + areaOf(face), 0))) continue;
    const pitch = sloped.reduce((sum, face) => sum + face.pitch * areaOf(face), 0) / slopedArea;
    const zs = roofRings.flat().map((p) => p[2]);
    const measuredRise = Math.max(...zs) - Math.min(...zs);
    const heights = { wallTop: 0, height: 0, pitch };
    const profile = profileRoof(footprint, heights, ridgeAcross(ground, false), PROFILES.gabled, 'gabled');
    const wings = skeletonRoof(footprint, heights, CROSS_GABLED) ?? profile;
    const before = score(profile, measured, ground, measuredRise);
    const after = score(wings, measured, ground, measuredRise);
    if (before.sloped === 0) continue;
    count += 1;
    totals.profile.agree += before.agree;
    totals.profile.sloped += before.sloped;
    totals.profile.rise += before.riseError;
    totals.wings.agree += after.agree;
    totals.wings.sloped += after.sloped;
    totals.wings.rise += after.riseError;
    if (after.agree > before.agree * 1.05) better += 1;
    if (after.agree < before.agree * 0.95) worse += 1;
  }
  const pct = (part: { agree: number; sloped: number }) => `${((100 * part.agree) / Math.max(part.sloped, 1)).toFixed(1)} %`;
  const place = tile.includes('329') ? 'Wesel (NRW)' : tile.includes('356') ? 'Köln (NRW)' : 'Zürich (subset)';
  all.profile.agree += totals.profile.agree;
  all.profile.sloped += totals.profile.sloped;
  all.wings.agree += totals.wings.agree;
  all.wings.sloped += totals.wings.sloped;
  all.count += count;
  console.log(`| ${place} | ${count} | ${pct(totals.profile)} / ${pct(totals.wings)} | ${(totals.profile.rise / count).toFixed(2)} m / ${(totals.wings.rise / count).toFixed(2)} m | ${better} / ${worse} |`);
}
const share = (part: { agree: number; sloped: number }) => `${((100 * part.agree) / Math.max(part.sloped, 1)).toFixed(1)} %`;
console.log(`| all | ${all.count} | ${share(all.profile)} / ${share(all.wings)} | | |`);
