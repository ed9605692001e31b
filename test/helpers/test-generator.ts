import type { GeneratedModel, ModelRequest, ProgressReport } from '../../src/modelgen/model-generator.ts';
import { OUTSIDE_MAP_DATA, PermanentGenerationError } from '../../src/modelgen/permanent-error.ts';

/**
 * A generator written for the worker's tests (the product's generator is src/modelgen). It reports
 * three steps and returns a minimal valid GLB. Behaviour by request:
 * - latitude -10: every attempt fails at once with an upstream error;
 * - latitude -20: fails for good, as a place outside the map data does (the product's PermanentGenerationError);
 * - env TEST_GENERATOR_HANG=1: never finishes (to be killed);
 * - env TEST_GENERATOR_STEP_MS: delay per step (default 150 ms).
 */
export async function generateModel(request: ModelRequest, onProgress: (report: ProgressReport) => void): Promise<GeneratedModel> {
  const stepMs = Number(process.env.TEST_GENERATOR_STEP_MS ?? 150);
  onProgress({ progress: 5, step: 'Reading OpenStreetMap data' });
  // The failing request fails at once: its tests wait for all three attempts, and slow steps would only add idle time.
  if (request.latitude === -10) throw new Error('Overpass answered 504 Gateway Timeout');
  if (request.latitude === -20) throw new PermanentGenerationError('This place is outside the map data the service holds (a test extract)', OUTSIDE_MAP_DATA);
  await delay(stepMs);
  if (process.env.TEST_GENERATOR_HANG === '1') await new Promise(() => setInterval(() => {}, 1000));
  onProgress({ progress: 40, step: 'Building roofs' });
  await delay(stepMs);
  onProgress({ progress: 90, step: 'Writing GLB' });
  await delay(stepMs);
  return { glb: minimalGlb(`${request.quality} ${request.latitude} ${request.longitude} ${request.radiusKm}`), summary: { buildings: 0 } };
}

/** A GLB holding only an asset block (valid glTF 2.0), tagged so tests can tell models apart. */
export function minimalGlb(tag: string): Uint8Array {
  let json = JSON.stringify({ asset: { version: '2.0', generator: 'solar-partner test generator', extras: { tag } } });
  while (json.length % 4 !== 0) json += ' ';
  const jsonBytes = Buffer.from(json, 'utf8');
  const glb = Buffer.alloc(12 + 8 + jsonBytes.length);
  glb.writeUInt32LE(0x46546c67, 0);
  glb.writeUInt32LE(2, 4);
  glb.writeUInt32LE(glb.length, 8);
  glb.writeUInt32LE(jsonBytes.length, 12);
  glb.writeUInt32LE(0x4e4f534a, 16);
  jsonBytes.copy(glb, 20);
  return new Uint8Array(glb);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
