/**
 * Is the visitor's roof in sight in the viewer's opening view? For every building (not a building part)
 * of a GLB with roof faces within 250 m of the model's centre, taken as the visitor's house, the camera stands 240 m from
 * each roof face's centre, as the viewer aims it (from the south-east, 30° above the horizon: Viewer.frame),
 * and a ray from the camera to that centre is tested against every other building's triangles. A roof is
 * "mostly hidden" when more than half its faces' centres are. Also from the seven other compass points at
 * 30°, and from the south-east at 45°.
 *
 *   node bench/house-in-view.ts model.glb [more.glb …]   (GLBs from bench/ground-model.ts)
 */
import fs from 'node:fs';
import { readModel, type ModelBuilding } from '../test/helpers/read-model.ts';

type Vec = [number, number, number];
/** The viewer's opening camera distance (Viewer.frame), metres. */
const DISTANCE = 240;
const RADIUS = 250;

/** Distance along the ray `origin + t·direction` to a triangle, when it is crossed (Möller–Trumbore). */
function crossing(origin: Vec, direction: Vec, [a, b, c]: Vec[]): number | undefined {
  const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const p = [direction[1] * e2[2] - direction[2] * e2[1], direction[2] * e2[0] - direction[0] * e2[2], direction[0] * e2[1] - direction[1] * e2[0]];
  const det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
  if (Math.abs(det) < 1e-9) return undefined;
  const s = [origin[0] - a[0], origin[1] - a[1], origin[2] - a[2]];
  const u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) / det;
  if (u < 0 || u > 1) return undefined;
  const q = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
  const v = (direction[0] * q[0] + direction[1] * q[1] + direction[2] * q[2]) / det;
  if (v < 0 || u + v > 1) return undefined;
  const t = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det;
  return t > 0 ? t : undefined;
}

/** Unit direction from a target to a camera at compass bearing `bearing` (degrees), `elevation` degrees up; glTF frame (x east, y up, z south). */
function towardsCamera(bearing: number, elevation: number): Vec {
  const [b, e] = [(bearing * Math.PI) / 180, (elevation * Math.PI) / 180];
  return [Math.sin(b) * Math.cos(e), Math.sin(e), -Math.cos(b) * Math.cos(e)];
}

/** Whether the sight line from `point` out along `toCamera` meets any building but `own` before the camera. */
function blocked(point: Vec, toCamera: Vec, buildings: ModelBuilding[], boxes: { minX: number; maxX: number; minZ: number; maxZ: number; top: number }[], own: number): boolean {
  const camera: Vec = [point[0] + toCamera[0] * DISTANCE, point[1] + toCamera[1] * DISTANCE, point[2] + toCamera[2] * DISTANCE];
  const back: Vec = [-toCamera[0], -toCamera[1], -toCamera[2]];
  const horizontal = Math.hypot(toCamera[0], toCamera[2]);
  return buildings.some((building, j) => {
    if (j === own) return false;
    // Only a building whose box the sight line crosses below its top can block it.
    const box = boxes[j];
    const reach = (box.top - point[1]) / (toCamera[1] / horizontal);
    if (reach <= 0) return false;
    const [ex, ez] = [point[0] + (toCamera[0] / horizontal) * reach, point[2] + (toCamera[2] / horizontal) * reach];
    if (Math.max(point[0], ex) < box.minX || Math.min(point[0], ex) > box.maxX || Math.max(point[2], ez) < box.minZ || Math.min(point[2], ez) > box.maxZ) return false;
    return building.triangles.some((triangle) => (crossing(camera, back, triangle as Vec[]) ?? Infinity) < DISTANCE - 0.3);
  });
}

const views: [string, Vec][] = [...[135, 180, 225, 270, 315, 0, 45, 90].map((bearing): [string, Vec] => [`from ${bearing}° at 30°`, towardsCamera(bearing, 30)]), ['from 135° at 35°', towardsCamera(135, 35)], ['from 135° at 40°', towardsCamera(135, 40)], ['from 135° at 45°', towardsCamera(135, 45)]];
for (const file of process.argv.slice(2)) {
  const { buildings } = await readModel(new Uint8Array(fs.readFileSync(file)));
  const boxes = buildings.map((b) => {
    const points = b.triangles.flat();
    return { minX: Math.min(...points.map((p) => p[0])), maxX: Math.max(...points.map((p) => p[0])), minZ: Math.min(...points.map((p) => p[2])), maxZ: Math.max(...points.map((p) => p[2])), top: b.top };
  });
  // Building parts (a church's towers and domes) are not a visitor's house.
  const houses = buildings.flatMap((b, i) => (b.roofTriangles.length > 0 && !b.extras.part && Math.hypot(b.roofTriangles[0][0][0], b.roofTriangles[0][0][2]) < RADIUS ? [i] : []));
  const hidden = new Map<string, Set<number>>();
  for (const [name, toCamera] of views) {
    const set = new Set<number>();
    for (const i of houses) {
      // Each roof triangle's centre, 20 cm above it.
      const centres = buildings[i].roofTriangles.map((t) => [0, 1, 2].map((k) => (t[0][k] + t[1][k] + t[2][k]) / 3 + (k === 1 ? 0.2 : 0)) as Vec);
      const seen = centres.filter((centre) => !blocked(centre, toCamera, buildings, boxes, i)).length;
      if (seen < centres.length / 2) set.add(i);
    }
    hidden.set(name, set);
  }
  console.log(`\n${file}: ${houses.length} buildings with roof faces within ${RADIUS} m`);
  for (const [name, set] of hidden) console.log(`  ${name}: ${set.size} roofs mostly hidden (${((100 * set.size) / houses.length).toFixed(1)} %)`);
  const opening = hidden.get(views[0][0])!;
  const elsewhere = [...opening].filter((i) => views.slice(1, 8).some(([name]) => !hidden.get(name)!.has(i))).length;
  console.log(`  hidden in the opening view but in sight from another compass point at 30°: ${elsewhere} of ${opening.size}`);
}
