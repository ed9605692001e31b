import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IrradianceRejectedError, type IrradianceProvider, type PlaneQuery } from '../../src/irradiance/irradiance-provider.ts';
import { fallbackIrradiation } from '../../src/irradiance/local-fallback.ts';
import { gridNodes, OrientationGridIrradiance } from '../../src/irradiance/orientation-grid.ts';

/** The project's tilted-plane model as the provider behind the grid, counting what it is asked. */
function modelProvider(): IrradianceProvider & { asked: PlaneQuery[] } {
  const asked: PlaneQuery[] = [];
  return { asked, irradiation: async (query) => (asked.push(query), fallbackIrradiation(query)) };
}

const VADUZ = { latitude: 47.14, longitude: 9.52 };

describe('irradiance asked on a grid of orientations, interpolated between', () => {
  test('weights add up to 1 and only grid orientations are asked, level planes once', () => {
    for (const [tilt, azimuth] of [[0, 37], [7.5, 200.25], [30, 163.27], [35, 100], [52.4, 349.1], [82, 10], [90, 359.99], [14.99, 0.01]]) {
      const nodes = gridNodes(tilt, azimuth);
      assert.ok(Math.abs(nodes.reduce((sum, node) => sum + node.weight, 0) - 1) < 1e-9, `${tilt}/${azimuth}`);
      for (const node of nodes) {
        assert.equal(node.tiltDeg % 15, 0, `${tilt}/${azimuth}: tilt ${node.tiltDeg}`);
        assert.ok(node.tiltDeg >= 0 && node.tiltDeg <= 90);
        assert.equal(node.azimuthDeg % 30, 0, `${tilt}/${azimuth}: azimuth ${node.azimuthDeg}`);
        assert.ok(node.azimuthDeg >= 0 && node.azimuthDeg < 360);
        if (node.tiltDeg === 0) assert.equal(node.azimuthDeg, 180, 'a level plane is asked once, facing south');
      }
    }
    assert.deepEqual(gridNodes(0, 37), [{ tiltDeg: 0, azimuthDeg: 180, weight: 1 }]);
    assert.deepEqual(gridNodes(30, 240), [{ tiltDeg: 30, azimuthDeg: 240, weight: 1 }], 'a grid orientation is asked as it is');
    assert.deepEqual(gridNodes(45, 90).map((n) => [n.tiltDeg, n.azimuthDeg]), [[45, 90]]);
  });

  test('a plane on the grid gets the answer of the provider behind unchanged', async () => {
    const provider = modelProvider();
    const grid = new OrientationGridIrradiance(provider);
    const answer = await grid.irradiation({ ...VADUZ, tiltDeg: 30, azimuthDeg: 180 });
    assert.deepEqual(answer, fallbackIrradiation({ ...VADUZ, tiltDeg: 30, azimuthDeg: 180 }));
    assert.equal(provider.asked.length, 1);
  });

  test('between grid orientations a plane’s year stays within 0.5 % of the exact plane (1.5 % facing north), each month within 1 % of its year', async () => {
    const grid = new OrientationGridIrradiance(modelProvider());
    let [worst, worstSouth] = [0, 0];
    for (let tilt = 3; tilt <= 62; tilt += 7.3) {
      for (let azimuth = 2; azimuth < 360; azimuth += 11.7) {
        const query = { ...VADUZ, tiltDeg: Math.round(tilt * 100) / 100, azimuthDeg: Math.round(azimuth * 100) / 100 };
        const [got, exact] = [await grid.irradiation(query), fallbackIrradiation(query)];
        const off = Math.abs(got.annualGti / exact.annualGti - 1);
        worst = Math.max(worst, off);
        if (query.azimuthDeg >= 90 && query.azimuthDeg <= 270) worstSouth = Math.max(worstSouth, off);
        for (let month = 0; month < 12; month++) assert.ok(Math.abs(got.monthlyGti[month] - exact.monthlyGti[month]) <= 0.01 * exact.annualGti, `${query.tiltDeg}/${query.azimuthDeg} month ${month + 1}`);
      }
    }
    assert.ok(worstSouth < 0.005, `worst yearly difference, east through south to west: ${(worstSouth * 100).toFixed(2)} %`);
    assert.ok(worst < 0.015, `worst yearly difference: ${(worst * 100).toFixed(2)} %`);
  });

  test('a whole town of roofs costs at most 73 questions at one place', () => {
    const distinct = new Set<string>();
    for (let tilt = 0; tilt <= 90; tilt += 2.5) for (let azimuth = 0; azimuth < 360; azimuth += 5.5) for (const node of gridNodes(tilt, azimuth)) distinct.add(`${node.tiltDeg}_${node.azimuthDeg}`);
    assert.equal(distinct.size, 73, '6 rows of 12 azimuths, and the level plane');
  });

  test('a refusal for any grid orientation is the refusal of the plane', async () => {
    const grid = new OrientationGridIrradiance({ irradiation: async (query) => {
      if (query.tiltDeg === 45) throw new IrradianceRejectedError('Location over the sea');
      return fallbackIrradiation(query);
    } });
    await assert.rejects(grid.irradiation({ ...VADUZ, tiltDeg: 35, azimuthDeg: 170 }), IrradianceRejectedError);
    await assert.doesNotReject(grid.irradiation({ ...VADUZ, tiltDeg: 30, azimuthDeg: 170 }));
  });
});
