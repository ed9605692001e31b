import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fallbackIrradiation } from '../../src/irradiance/browser.ts';
import { layCells, NO_CELLS } from '../../web/src/insight/heatmap-cells.ts';
import { IrradiationTracer, SiteClimate } from '../../web/src/insight/heatmap-irradiation.ts';
import { cellOrder } from '../../web/src/insight/heatmap-order.ts';
import { ShadingEngine, skyDirections, yearlySunSamples } from '../../src/solar-design/index.ts';

const SITE = { latitude: 45, longitude: 8 };

/** The shading tests' analytic case: a vertical wall along x at z = distance (south of the origin), 1 km long. */
function wallTo(distance: number, height: number): Float32Array {
  const [x0, x1] = [-500, 500];
  return new Float32Array([x0, 0, distance, x1, 0, distance, x1, height, distance, x0, 0, distance, x1, height, distance, x0, height, distance]);
}

const yearOf = (monthly: Float32Array) => monthly.reduce((a, b) => a + b, 0);

describe('the heatmap’s irradiation against the analytic case of the shading tests (a wall south of a level point)', () => {
  const [distance, height] = [10, 8];
  const sun = yearlySunSamples(SITE.latitude, SITE.longitude, 60);
  const sky = skyDirections(400);
  const climate = new SiteClimate(SITE.latitude, SITE.longitude);
  // The point sits 0.1 m under y = 0, so the tracer's 0.1 m lift puts it on the wall's foot level.
  const point: [number, number, number] = [0, -0.1, 0];
  const up: [number, number, number] = [0, 1, 0];

  test('open sky: the point gets the climate model’s horizontal irradiation, month by month', () => {
    const open = new IrradiationTracer(new ShadingEngine(new Float32Array([1000, -10, 1000, 1001, -10, 1000, 1000, -9, 1000])), sun, sky, climate);
    const monthly = new Float32Array(12);
    open.monthly(point, up, monthly);
    const fallback = fallbackIrradiation({ ...SITE, tiltDeg: 0, azimuthDeg: 180 });
    monthly.forEach((value, month) => assert.ok(Math.abs(value - fallback.monthlyGti[month]) < 0.01, `month ${month}: ${value} vs ${fallback.monthlyGti[month]}`));
    assert.ok(Math.abs(yearOf(monthly) - fallback.annualGti) < 0.1);
  });

  test('behind the wall: each month loses the analytic beam share and the wall’s view factor of the sky', () => {
    const tracer = new IrradiationTracer(new ShadingEngine(wallTo(distance, height)), sun, sky, climate);
    const monthly = new Float32Array(12);
    tracer.monthly(point, up, monthly);
    const skyLoss = (1 - Math.cos(Math.atan(height / distance))) / 2;
    const open = climate.plane(up);
    let expectedYear = 0;
    for (let month = 0; month < 12; month++) {
      let total = 0;
      let lost = 0;
      for (const { direction: [x, y, z], weight, month: m } of sun) {
        if (m !== month) continue;
        total += weight * y;
        if (z > 0 && (y * distance) / z < height && Math.abs((x * distance) / z) <= 500) lost += weight * y;
      }
      const diffuse = climate.diffuseFraction[month];
      const expected = open[month] * (1 - ((1 - diffuse) * (lost / total) + diffuse * skyLoss));
      expectedYear += expected;
      assert.ok(Math.abs(monthly[month] - expected) / expected < 0.02, `month ${month}: traced ${monthly[month].toFixed(1)} vs analytic ${expected.toFixed(1)} kWh/m²`);
    }
    const traced = yearOf(monthly);
    assert.ok(Math.abs(traced - expectedYear) / expectedYear < 0.01, `year: traced ${traced.toFixed(0)} vs analytic ${expectedYear.toFixed(0)} kWh/m²`);
    assert.ok(traced < yearOf(Float32Array.from(open)) * 0.9, `the wall takes a real part of the year: ${traced.toFixed(0)} of ${yearOf(Float32Array.from(open)).toFixed(0)} kWh/m²`);
  });
});

describe('heatmap cells', () => {
  // A 10 m × 10 m level roof at 6 m (two triangles, wound to face up) and a 10 m × 4 m facade facing south.
  const positions = new Float32Array([0, 6, 0, 0, 6, 10, 10, 6, 10, 0, 6, 0, 10, 6, 10, 10, 6, 0, 0, 0, 10, 10, 0, 10, 10, 4, 10, 0, 0, 10, 10, 4, 10, 0, 4, 10, 50, 0, 50, 51, 0, 50, 50, 1, 50]);
  const index = Uint32Array.from({ length: 15 }, (_, i) => i);
  const kinds = new Uint8Array([0, 0, 1, 1, NO_CELLS]);

  test('a grid over each surface at its spacing, none on shadow-only triangles', () => {
    const cells = layCells(positions, index, kinds, { roof: 2, wall: 4, ground: 8 });
    const roof = [...cells.kinds].filter((k) => k === 0).length;
    const wall = [...cells.kinds].filter((k) => k === 1).length;
    assert.equal(roof, 25, 'a 2 m grid over 100 m² of roof');
    assert.ok(wall >= 2 && wall <= 3, `a 4 m grid over 40 m² of facade: ${wall}`);
    for (let i = 0; i < cells.count; i++) {
      const normal = [...cells.normals.subarray(3 * i, 3 * i + 3)].map((x) => Math.round(x));
      assert.deepEqual(normal, cells.kinds[i] === 0 ? [0, 1, 0] : [0, 0, 1], 'roofs face up, the facade faces south');
    }
  });

  test('a cell near a face’s edge is shrunk until it lies on the face: none hangs over the eave or stands above the roof', () => {
    // A 5.4 m × 3.4 m level roof at 3 m, and its 5.4 m × 3 m facade facing south, on a 2 m and a 4 m grid.
    const small = new Float32Array([0, 3, 0, 0, 3, 3.4, 5.4, 3, 3.4, 0, 3, 0, 5.4, 3, 3.4, 5.4, 3, 0, 0, 0, 3.4, 5.4, 0, 3.4, 5.4, 3, 3.4, 0, 0, 3.4, 5.4, 3, 3.4, 0, 3, 3.4]);
    const cells = layCells(small, Uint32Array.from({ length: 12 }, (_, i) => i), new Uint8Array([0, 0, 1, 1]), { roof: 2, wall: 4, ground: 8 });
    const sizes = { roof: [] as number[], wall: [] as number[] };
    for (let i = 0; i < cells.count; i++) {
      const [x, y, z] = cells.centres.subarray(3 * i, 3 * i + 3);
      const half = cells.sizes[i] / 2;
      if (cells.kinds[i] === 0) {
        assert.ok(x - half >= -1e-6 && x + half <= 5.4 + 1e-6 && z - half >= -1e-6 && z + half <= 3.4 + 1e-6, `roof cell at ${x}, ${z}, ${cells.sizes[i]} m, within the roof`);
        sizes.roof.push(Math.round(cells.sizes[i] * 100) / 100);
      } else {
        assert.ok(y + half <= 3 + 1e-6 && y - half >= -1e-6 && x - half >= -1e-6 && x + half <= 5.4 + 1e-6, `facade cell at ${x}, ${y}, ${cells.sizes[i]} m, below the roof's edge`);
        sizes.wall.push(cells.sizes[i]);
      }
    }
    // Whole where they fit (x 1 and 3 at z 1), shrunk to 0.3 of the step at the far edges (x 5 of 5.4, z 3 of 3.4).
    assert.deepEqual(sizes.roof.sort((a, b) => a - b), [0.6, 0.6, 0.6, 0.6, 2, 2], `roof cell sizes: ${sizes.roof}`);
    assert.deepEqual(sizes.wall, [2], `the facade's 4 m cell shrunk to half to fit 3 m of wall under the roof: ${sizes.wall}`);
  });

  test('a budget widens the grid instead of adding cells', () => {
    const cells = layCells(positions, index, kinds, { roof: 1, wall: 1, ground: 1 }, { roof: 9, wall: 100, ground: 100 });
    const roof = [...cells.kinds].filter((k) => k === 0).length;
    assert.ok(roof <= 12 && roof >= 4, `about 9 roof cells: ${roof}`);
  });

  test('roofs in view come first, nearest the point looked at first', () => {
    const cells = layCells(positions, index, kinds, { roof: 2, wall: 4, ground: 8 });
    // A view from high above looking straight down over x = 0–4 (an orthographic projection of that strip).
    const viewProjection = [0.5, 0, 0, 0, 0, 0, -1, 0, 0, 0.2, 0, 0, -1, -1.2, 0, 1];
    const order = cellOrder(cells, { camera: [2, 100, 5], target: [2, 6, 5], viewProjection });
    const first = order[0];
    assert.equal(cells.kinds[first], 0);
    assert.ok(cells.centres[3 * first] < 4, 'the first cell is in view');
    assert.equal(cells.kinds[order[order.length - 1]], 1, 'the facade last');
  });
});
