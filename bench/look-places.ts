import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The recorded inputs beside the project. */
export const SHARED = path.resolve(import.meta.dirname, '../../shared/data');

/** The places the look and the ground of models are measured on: name, latitude, longitude, OSM extract under SHARED. */
export const LOOK_PLACES: [string, number, number, string][] = [
  ['Monaco', 43.7396, 7.4276, 'osm/monaco-latest.osm.pbf'],
  ['Vaduz', 47.1397, 9.5215, 'osm/liechtenstein-2024-03-04.osm.pbf'],
  ['Sergiev Posad', 56.3103, 38.13, 'osm/sergiev-posad-lavra.osm.gz'],
];

/** Ends the bench with a message when the recorded data are absent. */
export function skipWithoutSharedData(): void {
  if (fs.existsSync(SHARED)) return;
  console.log(`Skipped: ${SHARED} (recorded OSM and terrain data) is absent.`);
  process.exit(0);
}

/** A fresh cache folder with Monaco's SRTM tile in its `terrain` folder. */
export function cacheWithMonacoTerrain(prefix: string): { cacheDir: string; terrainDir: string } {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const terrainDir = path.join(cacheDir, 'terrain');
  fs.mkdirSync(terrainDir);
  fs.copyFileSync(path.join(SHARED, 'terrain/N43E007.hgt.zip'), path.join(terrainDir, 'N43E007.hgt.zip'));
  return { cacheDir, terrainDir };
}

/** Runs `make` once to warm up, then three times: the last result and the median time, milliseconds. */
export async function medianOfThree<T>(make: () => Promise<T>): Promise<{ result: T; ms: number }> {
  let result = await make();
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    result = await make();
    times.push(performance.now() - started);
  }
  return { result, ms: times.sort((a, b) => a - b)[1] };
}
