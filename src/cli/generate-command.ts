import fs from 'node:fs';
import path from 'node:path';
import { generateModel } from '../modelgen/index.ts';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM } from '../contract/models.ts';
import { generatorSources } from '../config.ts';
import { requireOption, UsageError, type CommandContext } from './command.ts';
import { progressDisplay } from './progress-display.ts';

/**
 * `generate --lat L --lng L [--radius R] [--quality hd|sd] --out model.glb`: builds one model with the
 * service's data settings (OSM_DATABASE_URL, OSM_EXTRACT or OVERPASS_URL, TERRAIN_DIR, LOD2_SOURCE), without the queue or the database.
 */
export async function generateCommand(context: CommandContext): Promise<void> {
  const { values } = context.parse({ lat: { type: 'string' }, lng: { type: 'string' }, radius: { type: 'string' }, quality: { type: 'string' }, out: { type: 'string' } });
  const latitude = coordinate(requireOption(values, 'lat'), 'lat', 90);
  const longitude = coordinate(requireOption(values, 'lng'), 'lng', 180);
  const radiusKm = values.radius === undefined ? DEFAULT_RADIUS_KM : Number(values.radius);
  if (!(radiusKm >= MIN_RADIUS_KM && radiusKm <= MAX_RADIUS_KM)) throw new UsageError(`--radius must be between ${MIN_RADIUS_KM} and ${MAX_RADIUS_KM} km (got "${values.radius}")`);
  const quality = (values.quality ?? 'hd') as string;
  if (quality !== 'hd' && quality !== 'sd') throw new UsageError(`--quality must be hd or sd (got "${quality}")`);
  const out = requireOption(values, 'out');
  const { config } = context;
  const display = progressDisplay(process.stderr);
  const model = await generateModel(
    {
      latitude,
      longitude,
      radiusKm,
      quality,
      sources: generatorSources(config),
    },
    ({ progress, step }) => display.update(progress, step),
  );
  display.update(100, 'Done');
  display.done();
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, model.glb);
  const s = model.summary;
  context.out(`Wrote ${out}: ${s.buildings} buildings, ${s.trees} trees, ${s.triangles} triangles, ${(Number(s.bytes) / 1024).toFixed(0)} KiB in ${s.ms} ms.`);
}

function coordinate(value: string, name: string, limit: number): number {
  const number = Number(value);
  if (!Number.isFinite(number) || Math.abs(number) > limit) throw new UsageError(`--${name} must be a number between -${limit} and ${limit} (got "${value}")`);
  return number;
}
