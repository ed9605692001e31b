import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, test } from 'node:test';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { newellNormal } from '../../src/modelgen/geometry/mesh-builder.ts';
import { cleanRing, oriented, signedArea } from '../../src/modelgen/geometry/polygon.ts';
import { initSkeleton, skeletonRoof } from '../../src/modelgen/geometry/roofs/skeleton-roof.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const FILE = 'roofs/skeleton-regressions.json';
const file = sharedDataFile(FILE);

/** Checks a hipped roof: it covers the footprint exactly (projected areas), stays within its heights, faces up. */
function validRoof(outer: Point2[], holes: Point2[][]): string | undefined {
  const footprint = { outer: oriented(cleanRing(outer), true), inners: holes.map((h) => oriented(cleanRing(h), false)).filter((h) => h.length >= 3) };
  const started = performance.now();
  const roof = skeletonRoof(footprint, { wallTop: 10, height: 15 }, 'hipped');
  const ms = performance.now() - started;
  if (!roof) return 'no skeleton';
  // A guard against a runaway skeleton (the failure these footprints once caused), not a speed goal:
  // speed is measured in bench/; a loaded CI machine may take a few seconds for the largest footprint.
  if (ms > 30_000) return `took ${Math.round(ms)} ms`;
  let projected = 0;
  for (const face of roof.faces) {
    if (face.outer.some((p) => !p.every(Number.isFinite))) return 'non-finite vertex';
    if (face.outer.some((p) => p[2] < 10 - 1e-3 || p[2] > 15 + 1e-3)) return 'vertex outside the roof heights';
    const n = newellNormal(face.outer);
    projected += Math.abs(n[2]) / 2;
  }
  const area = signedArea(footprint.outer) + footprint.inners.reduce((sum, h) => sum + signedArea(h), 0);
  if (Math.abs(projected - area) / area > 0.01) return `faces cover ${projected.toFixed(1)} m² of ${area.toFixed(1)} m²`;
  return undefined;
}

before(async () => initSkeleton());

test('hipped roofs on the 171 real footprints that broke a straight-skeleton implementation', { skip: file ? false : missingSharedData(FILE) }, () => {
  const cases = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, { name: string; outer: Point2[]; holes: Point2[][] }>;
  const failures: string[] = [];
  for (const [id, footprint] of Object.entries(cases)) {
    const problem = validRoof(footprint.outer, footprint.holes ?? []);
    if (problem) failures.push(`${id} ${footprint.name}: ${problem}`);
  }
  const total = Object.keys(cases).length;
  console.log(`# skeleton regressions: ${total - failures.length} of ${total} valid hipped roofs${failures.length ? `; failing: ${failures.join('; ')}` : ''}`);
  assert.equal(total, 171);
  assert.deepEqual(failures, []);
});
