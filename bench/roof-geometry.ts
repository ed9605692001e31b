/**
 * Every building and building part of the recorded OpenStreetMap extracts drawn on its own, as the
 * generator draws it (roofs tagged as tagged, the rest inferred among their neighbours), and its
 * triangles checked as a viewer receives them: no exception or non-finite coordinate, a roof that covers
 * its outline once seen from above (curved roofs left out: domes and onions bulge past their drum), no
 * roof corner or post outside the outline, no roof triangle facing down (curved roofs again left out), and tagged `roof:angle` drawn
 * at that angle. Each building is laid some hundred metres from the origin, as in a model, at two
 * places (how a badly clipped ring triangulates depends on where it lies).
 *
 *   node bench/roof-geometry.ts [extract file name…]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleFeatures } from '../src/modelgen/features/assemble-features.ts';
import { withoutDuplicateOutlines } from '../src/modelgen/features/duplicate-outlines.ts';
import { buildingHeights } from '../src/modelgen/geometry/building-heights.ts';
import { buildBuildingMesh } from '../src/modelgen/geometry/building-mesh.ts';
import { LocalFrame, type Point2 } from '../src/modelgen/geometry/local-frame.ts';
import { bounds, centroid, cleanRing, distanceToSegment, oriented, pointInRing, signedArea } from '../src/modelgen/geometry/polygon.ts';
import { minimumBoundingRectangle } from '../src/modelgen/geometry/roofs/roof-outline.ts';
import { initSkeleton } from '../src/modelgen/geometry/roofs/skeleton-roof.ts';
import { OsmData } from '../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../src/modelgen/osm/read-osm-file.ts';
import { decideRoofs } from '../src/modelgen/roof-inference/roof-provenance.ts';

const OSM = path.resolve(import.meta.dirname, '../../shared/data/osm');
if (!fs.existsSync(OSM)) {
  console.log(`Skipped: ${OSM} is absent.`);
  process.exit(0);
}
const files = process.argv.length > 2 ? process.argv.slice(2) : fs.readdirSync(OSM).filter((file) => /\.(pbf|gz|json)$/.test(file)).sort();
/** Where each building is laid, metres east and north of the origin. */
const PLACES: Point2[] = [[312.37, -451.91], [-287.5, 203.25]];
const CURVED = new Set(['dome', 'half-dome', 'onion']);
const CHECKS = ['exception', 'non-finite coordinate', 'roof seen from above ≠ outline by > 2 %', 'roof over > 1 m² beside the outline', 'roof corner > 5 cm outside', 'post or wall > 1 cm outside', 'roof triangle facing down', 'tagged roof:angle off by > 1°'] as const;
type Check = (typeof CHECKS)[number];

await initSkeleton();
const failures = new Map<Check, string[]>(CHECKS.map((check) => [check, []]));
let drawn = 0;
const started = performance.now();
for (const file of files) {
  const features = withoutDuplicateOutlines(assembleFeatures(new OsmData(readOsmFile(path.join(OSM, file)))));
  const box = bounds(features.buildings.flatMap((b) => b.outer));
  const frame = new LocalFrame((box.minY + box.maxY) / 2, (box.minX + box.maxX) / 2);
  const buildings = features.buildings.flatMap((feature) => {
    const outer = cleanRing(feature.outer.map(([lon, lat]) => frame.toLocal(lon, lat)));
    const inners = feature.inners.map((ring) => cleanRing(ring.map(([lon, lat]) => frame.toLocal(lon, lat)))).filter((ring) => ring.length >= 3);
    return outer.length < 3 ? [] : [{ id: `${file.replace(/[-.].*$/, '')} ${feature.osmId}`, outer: oriented(outer, true), inners: inners.map((ring) => oriented(ring, false)), tags: feature.tags }];
  });
  const roofs = decideRoofs(buildings);
  buildings.forEach((building, index) => {
    const [cx, cy] = centroid(building.outer);
    for (const [px, py] of PLACES) {
      const move = (ring: Point2[]) => ring.map(([x, y]): Point2 => [x - cx + px, y - cy + py]);
      const found = checkBuilding(move(building.outer), building.inners.map(move), roofs[index].tags);
      for (const check of found) failures.get(check)!.push(`${building.id} at (${px}, ${py})`);
      drawn += 1;
    }
  });
}

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model.trim()} × ${os.cpus().length} · Node ${process.version} · ${files.length} extracts\n`);
console.log(`${drawn / PLACES.length} buildings and parts, each drawn at ${PLACES.length} places, in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
console.log('| check | buildings failing | first ones |\n|---|---:|---|');
for (const [check, ids] of failures) {
  const buildingsFailing = new Set(ids.map((id) => id.replace(/ at .*$/, '')));
  console.log(`| ${check} | ${buildingsFailing.size} | ${[...buildingsFailing].slice(0, 3).join(', ')} |`);
}

/** The checks one building's mesh fails. */
function checkBuilding(outer: Point2[], inners: Point2[][], tags: Record<string, string>): Check[] {
  const heights = buildingHeights(tags, minimumBoundingRectangle(outer).width);
  let mesh: ReturnType<typeof buildBuildingMesh>;
  try {
    mesh = buildBuildingMesh({ outer, inners }, heights, 0, tags);
  } catch {
    return ['exception'];
  }
  const found = new Set<Check>();
  const roof = mesh.roofFaces.flatMap((face) => trianglesOf(face.mesh.positions));
  const walls = trianglesOf(mesh.walls.positions);
  if ([...roof, ...walls].flat(2).some((value) => !Number.isFinite(value))) found.add('non-finite coordinate');
  const solid = (p: Point2) => pointInRing(p, outer) && !inners.some((ring) => pointInRing(p, ring));
  const outside = (p: Point2) => (solid(p) ? 0 : Math.min(...[outer, ...inners].flatMap((ring) => ring.map((a, i) => distanceToSegment(p, a, ring[(i + 1) % ring.length])))));
  if (!CURVED.has(mesh.roofShape)) {
    const area = Math.abs(signedArea(outer)) - inners.reduce((sum, ring) => sum + Math.abs(signedArea(ring)), 0);
    const seen = roof.reduce((sum, triangle) => sum + Math.abs(signedArea(triangle.map(([x, y]): Point2 => [x, y]))), 0);
    if (Math.abs(seen - area) > 0.02 * area) found.add('roof seen from above ≠ outline by > 2 %');
    const beside = roof.reduce((sum, triangle) => sum + (solid(middle(triangle)) ? 0 : Math.abs(signedArea(triangle.map(([x, y]): Point2 => [x, y])))), 0);
    if (beside > 1) found.add('roof over > 1 m² beside the outline');
    if (roof.some((triangle) => triangle.some(([x, y]) => outside([x, y]) > 0.05))) found.add('roof corner > 5 cm outside');
    if (roof.some((triangle) => signedArea(triangle.map(([x, y]): Point2 => [x, y])) < -1e-6)) found.add('roof triangle facing down');
  }
  if (walls.some((triangle) => triangle.some(([x, y]) => outside([x, y]) > 0.01))) found.add('post or wall > 1 cm outside');
  const angle = Number(tags['roof:angle']);
  if (tags['roof:angle'] && Number.isFinite(angle) && heights.roofShape === mesh.roofShape && ['gabled', 'hipped', 'skillion', 'pyramidal'].includes(mesh.roofShape)) {
    const pitches = mesh.roofFaces.flatMap((face) => face.segments.map((segment) => segment.pitch));
    if (pitches.some((pitch) => pitch > 1 && Math.abs(pitch - angle) > 1)) found.add('tagged roof:angle off by > 1°');
  }
  return [...found];
}

/** Triangles of a mesh's positions in local metres: x east, y north, z up (glTF's x, −z, y). */
function trianglesOf(positions: ArrayLike<number>): [number, number, number][][] {
  const out: [number, number, number][][] = [];
  for (let i = 0; i < positions.length; i += 9) out.push([0, 3, 6].map((k) => [positions[i + k], -positions[i + k + 2], positions[i + k + 1]] as [number, number, number]));
  return out;
}

function middle(triangle: [number, number, number][]): Point2 {
  return [(triangle[0][0] + triangle[1][0] + triangle[2][0]) / 3, (triangle[0][1] + triangle[1][1] + triangle[2][1]) / 3];
}
