import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadTerrain } from '../../src/modelgen/load-terrain.ts';
import { SrtmTerrain } from '../../src/modelgen/terrain/srtm-hgt.ts';
import { TerrariumTerrain } from '../../src/modelgen/terrain/terrarium-tiles.ts';
import { missingSharedData, SHARED_DATA_DIR, sharedDataFile } from '../helpers/shared-data.ts';

const HGT = 'terrain/N43E007.hgt.zip';
const TILES = 'terrain/terrarium';

describe('SRTM tiles', { skip: sharedDataFile(HGT) ? false : missingSharedData(HGT) }, () => {
  test('spot heights around Monaco from the zipped 3″ tile', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-hgt-'));
    try {
      fs.copyFileSync(sharedDataFile(HGT)!, path.join(folder, 'N43E007.hgt.zip'));
      const terrain = new SrtmTerrain(folder);
      // SOURCES.md spot checks: Casino 45 m, Monaco-Ville 58 m, La Turbie 487 m, the sea 0 m.
      for (const [lat, lon, expected] of [[43.7396, 7.4276, 45], [43.7314, 7.4197, 58], [43.7446, 7.4006, 487], [43.72, 7.45, 0]]) {
        const height = terrain.elevation(lon, lat)!;
        assert.ok(Math.abs(height - expected) <= Math.max(8, expected * 0.05), `${lat}, ${lon}: ${height} m, expected about ${expected}`);
      }
      assert.equal(terrain.elevation(9.5, 47.1), undefined, 'no tile, no height');
      assert.ok(Math.abs(terrain.resolutionM(7.4, 43.7)! - 92.77) < 0.01, '3″ samples: 92.77 m north–south');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('Terrarium tiles from a local tile server', { skip: sharedDataFile(`${TILES}/11/1104/686.png`) ? false : missingSharedData(TILES) }, () => {
  let server: http.Server;
  let template: string;
  const requested: string[] = [];
  before(async () => {
    server = http.createServer((request, response) => {
      requested.push(request.url ?? '');
      const file = path.join(SHARED_DATA_DIR, TILES, (request.url ?? '').replace(/^\/tiles\//, ''));
      if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '') || !fs.existsSync(file)) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'image/png' }).end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    template = `http://127.0.0.1:${(server.address() as { port: number }).port}/tiles/{z}/{x}/{y}.png`;
  });
  after(() => server.close());

  test('the finest zoom the server has is used; the Elbe valley and the Papststein have their heights', async () => {
    const terrain = await TerrariumTerrain.load(template, 50.92, 14.12, 300);
    assert.match(terrain.name, /zoom 11/);
    // 512-pixel tiles at zoom 11: 40,075 km × cos 50.92° / (512 × 2¹¹) ≈ 24.2 m a pixel.
    assert.ok(Math.abs(terrain.resolutionM(14.12, 50.92)! - 24.2) < 0.2, `${terrain.resolutionM(14.12, 50.92)} m a sample`);
    assert.ok(requested.some((url) => url.startsWith('/tiles/13/')), 'finer zooms were tried first');
    const elbe = terrain.elevation(14.1546, 50.9177)!; // Bad Schandau, on the Elbe, about 120 m
    assert.ok(elbe > 105 && elbe < 160, `Elbe at Bad Schandau ${elbe} m`);
    // The Papststein (451 m, 50.8994 N 14.1183 E): the highest point within about 300 m of it.
    let summit = 0;
    for (let dLat = -0.003; dLat <= 0.003; dLat += 0.0005) for (let dLon = -0.004; dLon <= 0.004; dLon += 0.0005) summit = Math.max(summit, terrain.elevation(14.1183 + dLon, 50.8994 + dLat) ?? 0);
    assert.ok(Math.abs(summit - 451) < 25, `Papststein ${summit} m`);
  });

  test('an unreachable tile server leaves the model flat and says why', async () => {
    const { terrain, flatReason } = await loadTerrain({ overpassUrl: 'http://127.0.0.1:9', terrainTilesUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', cacheDir: os.tmpdir() }, 50.92, 14.12, 300);
    assert.equal(terrain.elevation(14.12, 50.92), 0);
    assert.match(flatReason!, /^terrain tiles could not be read/);
  });
});
