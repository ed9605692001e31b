import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Lod2Building, Lod2Content, Lod2Dataset, Lod2SourceOptions } from './lod2-types.ts';
import { LOD2_FILE_PATTERN, readLod2File } from './read-lod2-file.ts';
import { circleBox } from '../geometry/circle-box.ts';

/** Version of the cells' content: a new one rebuilds the indexes kept in caches. */
const INDEX_FORMAT = 1;
/** Size of the index's grid cells in degrees (about 1 km), as the OSM extract index. */
const CELL_DEGREES = 0.01;
/** An opened index is reused this long before its files are looked at again (a state is ~35,000 files to stat). */
const RECHECK_MS = 60_000;
const opened = new Map<string, { index: Lod2Index; at: number }>();

/**
 * A spatial index of local LoD2 files (one file, or every LoD2 file under a folder): each file is read
 * once, one after the other (a whole state's tiles never sit in memory together), and its buildings are
 * appended to one JSON-lines file per grid cell in the cache folder, so a request reads only the cells
 * around its circle. The index is rebuilt when a file is added, removed or changed.
 */
export class Lod2Index {
  readonly #folder: string;
  readonly datasets: Lod2Dataset[];

  private constructor(folder: string) {
    this.#folder = folder;
    this.datasets = JSON.parse(fs.readFileSync(path.join(folder, 'datasets.json'), 'utf8')) as Lod2Dataset[];
  }

  /** Opens the index of `location` (file or folder), building it first when needed. */
  static async open(location: string, options: Lod2SourceOptions, cacheDir: string, onProgress?: (message: string) => void): Promise<Lod2Index> {
    const memo = JSON.stringify([location, options, cacheDir]);
    const known = opened.get(memo);
    if (known && Date.now() - known.at < RECHECK_MS && fs.existsSync(known.index.#folder)) return known.index;
    const index = await Lod2Index.#open(location, options, cacheDir, onProgress);
    opened.set(memo, { index, at: Date.now() });
    return index;
  }

  static async #open(location: string, options: Lod2SourceOptions, cacheDir: string, onProgress?: (message: string) => void): Promise<Lod2Index> {
    const files = lod2Files(location);
    const stamp = files.map((file) => {
      const stat = fs.statSync(file);
      return `${file}:${stat.size}:${stat.mtimeMs}`;
    });
    const key = createHash('sha256').update(JSON.stringify([INDEX_FORMAT, options, stamp])).digest('hex').slice(0, 16);
    const folder = path.join(cacheDir, 'lod2-index', key);
    if (!fs.existsSync(path.join(folder, 'complete'))) {
      onProgress?.(`Indexing ${files.length} LoD2 file${files.length === 1 ? '' : 's'} in ${path.basename(location)} (once)`);
      await build(files, options, folder);
    }
    return new Lod2Index(folder);
  }

  /** The buildings of every cell that a box around the point touches. */
  query(latitude: number, longitude: number, radiusM: number): Lod2Content[] {
    const [west, south, east, north] = circleBox(latitude, longitude, radiusM);
    const seen = new Set<string>();
    const byDataset = new Map<string, Lod2Building[]>();
    for (let cx = cell(west); cx <= cell(east); cx++) {
      for (let cy = cell(south); cy <= cell(north); cy++) {
        const file = path.join(this.#folder, `${cx}_${cy}.jsonl`);
        if (!fs.existsSync(file)) continue;
        for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
          if (!line) continue;
          const building = JSON.parse(line) as Lod2Building;
          const key = `${building.dataset}/${building.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const list = byDataset.get(building.dataset);
          if (list) list.push(building);
          else byDataset.set(building.dataset, [building]);
        }
      }
    }
    return this.datasets.filter((d) => byDataset.has(d.name)).map((dataset) => ({ dataset, buildings: byDataset.get(dataset.name)! }));
  }
}

/** The LoD2 files of a location: the file itself, or every LoD2 file under the folder, sorted. */
export function lod2Files(location: string): string[] {
  if (!fs.existsSync(location)) throw new Error(`LoD2 source ${location} does not exist (LOD2_SOURCE names files or folders of .city.json, .city.jsonl, .gml or .xml, optionally .gz)`);
  if (!fs.statSync(location).isDirectory()) return [location];
  const files = (fs.readdirSync(location, { recursive: true }) as string[]).map((name) => path.join(location, name)).filter((file) => LOD2_FILE_PATTERN.test(file) && fs.statSync(file).isFile());
  return files.sort();
}

async function build(files: string[], options: Lod2SourceOptions, folder: string): Promise<void> {
  const temporary = `${folder}.${process.pid}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(temporary, { recursive: true });
  const datasets = new Map<string, Lod2Dataset>();
  for (const file of files) {
    const content = await readLod2File(file, options);
    datasets.set(content.dataset.name, content.dataset);
    const cells = new Map<string, string[]>();
    for (const building of content.buildings) {
      const line = JSON.stringify(building);
      for (const key of cellsOf(building)) {
        const lines = cells.get(key);
        if (lines) lines.push(line);
        else cells.set(key, [line]);
      }
    }
    for (const [key, lines] of cells) fs.appendFileSync(path.join(temporary, `${key}.jsonl`), `${lines.join('\n')}\n`);
  }
  fs.writeFileSync(path.join(temporary, 'datasets.json'), JSON.stringify([...datasets.values()]));
  fs.writeFileSync(path.join(temporary, 'complete'), new Date().toISOString());
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.renameSync(temporary, folder);
}

/** The keys of the cells a building's box touches. */
function cellsOf(building: Lod2Building): string[] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const polygon of building.polygons) {
    for (const [lon, lat] of polygon.outer) {
      minX = Math.min(minX, lon);
      maxX = Math.max(maxX, lon);
      minY = Math.min(minY, lat);
      maxY = Math.max(maxY, lat);
    }
  }
  const keys: string[] = [];
  for (let x = cell(minX); x <= cell(maxX); x++) for (let y = cell(minY); y <= cell(maxY); y++) keys.push(`${x}_${y}`);
  return keys;
}

function cell(degrees: number): number {
  return Math.floor(degrees / CELL_DEGREES);
}
