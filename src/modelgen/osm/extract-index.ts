import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assembleFeatures } from '../features/assemble-features.ts';
import type { LonLatRing, MapFeatures } from '../features/map-features.ts';
import { OsmData } from './osm-elements.ts';
import { readOsmFile } from './read-osm-file.ts';

/** Version of the cells' content: a new one rebuilds the indexes kept in caches. */
const INDEX_FORMAT = 3;
/** Size of the index's grid cells in degrees (about 1 km). */
const CELL_DEGREES = 0.01;

/**
 * A spatial index of a local OpenStreetMap extract: the extract is read and its features assembled
 * once, then kept as one small file per grid cell in the cache folder, so a request reads only the
 * cells around its circle. The index is rebuilt when the extract changes (its size and time).
 */
export class ExtractIndex {
  readonly #folder: string;

  private constructor(folder: string) {
    this.#folder = folder;
  }

  /** Opens the index of `extract`, building it first when needed. */
  static async open(extract: string, cacheDir: string, onProgress?: (message: string) => void): Promise<ExtractIndex> {
    const stat = fs.statSync(extract);
    const key = createHash('sha256').update(`${INDEX_FORMAT}:${path.resolve(extract)}:${stat.size}:${stat.mtimeMs}`).digest('hex').slice(0, 16);
    const folder = path.join(cacheDir, 'osm-index', key);
    if (!fs.existsSync(path.join(folder, 'complete'))) {
      onProgress?.(`Indexing ${path.basename(extract)} (once)`);
      build(extract, folder);
    }
    return new ExtractIndex(folder);
  }

  /** The features of every cell that a box around the point touches. */
  query(latitude: number, longitude: number, radiusM: number): MapFeatures {
    const dLat = radiusM / 111_320 + CELL_DEGREES;
    const dLon = radiusM / (111_320 * Math.cos((latitude * Math.PI) / 180)) + CELL_DEGREES;
    const seen = new Set<string>();
    const result: MapFeatures = { buildings: [], trees: [], ground: [], solar: [] };
    for (let cx = cell(longitude - dLon); cx <= cell(longitude + dLon); cx++) {
      for (let cy = cell(latitude - dLat); cy <= cell(latitude + dLat); cy++) {
        const file = path.join(this.#folder, `${cx}_${cy}.json`);
        if (!fs.existsSync(file)) continue;
        const features = JSON.parse(fs.readFileSync(file, 'utf8')) as MapFeatures;
        for (const building of features.buildings) if (once(seen, `b${building.osmId}`)) result.buildings.push(building);
        for (const tree of features.trees) if (once(seen, `t${tree.osmId}${tree.lon}${tree.lat}`)) result.trees.push(tree);
        for (const area of features.ground) if (once(seen, `g${area.osmId}`)) result.ground.push(area);
        for (const panel of features.solar) if (once(seen, `s${panel.osmId}`)) result.solar.push(panel);
      }
    }
    return result;
  }
}

function build(extract: string, folder: string): void {
  const features = assembleFeatures(new OsmData(readOsmFile(extract)));
  const cells = new Map<string, MapFeatures>();
  const put = (points: LonLatRing, add: (target: MapFeatures) => void) => {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [lon, lat] of points) {
      minX = Math.min(minX, cell(lon));
      maxX = Math.max(maxX, cell(lon));
      minY = Math.min(minY, cell(lat));
      maxY = Math.max(maxY, cell(lat));
    }
    for (let x = minX; x <= maxX; x++) {
      for (let y = minY; y <= maxY; y++) {
        const key = `${x}_${y}`;
        let target = cells.get(key);
        if (!target) cells.set(key, (target = { buildings: [], trees: [], ground: [], solar: [] }));
        add(target);
      }
    }
  };
  for (const building of features.buildings) put(building.outer, (t) => t.buildings.push(building));
  for (const tree of features.trees) put([[tree.lon, tree.lat]], (t) => t.trees.push(tree));
  for (const area of features.ground) put(area.points, (t) => t.ground.push(area));
  for (const panel of features.solar) put(panel.points, (t) => t.solar.push(panel));
  const temporary = `${folder}.${process.pid}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(temporary, { recursive: true });
  for (const [key, content] of cells) fs.writeFileSync(path.join(temporary, `${key}.json`), JSON.stringify(content));
  fs.writeFileSync(path.join(temporary, 'complete'), new Date().toISOString());
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.renameSync(temporary, folder);
}

function cell(degrees: number): number {
  return Math.floor(degrees / CELL_DEGREES);
}

function once(seen: Set<string>, key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}
