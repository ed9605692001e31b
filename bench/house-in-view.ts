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
import { Ray, Vector3 } from 'three';
import { readModel, type ModelBuilding } from '../test/helpers/read-model.ts';

type Vec = [number, number, number];
/** The viewer's opening camera distance (Viewer.frame), metres. */
const DISTANCE = 240;
const RADIUS = 250;

const ray = new Ray();
const [a, b, c, hit] = [new Vector3(), new Vector3(), new Vector3(), new Vector3()];

/** Distance along the ray from `origin` towards `direction` to a triangle (either side), when it is crossed. */
function crossing(origin: Vec, direction: Vec, [p, q, r]: Vec[]): number | undefined {
  ray.origin.set(...origin);
  ray.direction.set(...direction);
  return ray.intersectTriangle(a.set(...p), b.set(...q), c.set(...r), false, hit) ? hit.distanceTo(ray.origin) : undefined;
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
