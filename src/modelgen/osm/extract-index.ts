import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { emptyMapFeatures, type MapFeatures } from '../features/map-features.ts';
import { buildExtractIndex, DEFAULT_INDEX_LIMITS, type IndexLimits, type IndexSummary } from './build-extract-index.ts';
import { CellStoreReader } from './cell-store.ts';
import { cellBox, cellsAround, type CellRange } from './cells.ts';

/** Version of the index's content: a new one makes older indexes unknown, to be built again. */
const INDEX_FORMAT = 11;

/** The extract has no index yet in this cache folder: it is built beforehand, not inside a request. */
export class ExtractNotIndexedError extends Error {}

/** Opened indexes by folder: a process reads each table of cells once. */
const opened = new Map<string, ExtractIndex>();

/**
 * A spatial index of a local OpenStreetMap extract, built once by `solar-partner osm index` (see
 * build-extract-index.ts): the features filed by grid cell in one data file, with a table of cells, so
 * a request reads only the cells around its circle. An index belongs to one version of the extract
 * (its path, size and time): a changed extract must be indexed again.
 */
export class ExtractIndex {
  readonly #cells: CellStoreReader;
  readonly #name: string;
  readonly #extent: CellRange | undefined;

  private constructor(folder: string, extract: string) {
    this.#cells = new CellStoreReader(folder);
    this.#name = path.basename(extract);
    this.#extent = this.#cells.extent();
  }

  /**
   * Opens the index of `extract` kept in `cacheDir`.
   *
   * @throws ExtractNotIndexedError saying the command to run when there is none
   */
  static open(extract: string, cacheDir: string): ExtractIndex {
    const folder = indexFolder(extract, cacheDir);
    let index = opened.get(folder);
    if (!index) {
      if (!fs.existsSync(path.join(folder, 'complete'))) {
        // The reason reaches the partner who asked for the model: it names the file, not where it lies.
        throw new ExtractNotIndexedError(
          fs.existsSync(extract)
            ? `The map data is not ready: the OpenStreetMap extract ${path.basename(extract)} has not been indexed (the operator runs "solar-partner osm index" once for each new extract)`
            : `The map data is missing: the OpenStreetMap extract ${path.basename(extract)} set in OSM_EXTRACT does not exist`,
        );
      }
      opened.set(folder, (index = new ExtractIndex(folder, extract)));
    }
    return index;
  }

  /**
   * Why the extract has nothing to say about the circle, when it lies wholly outside the area the
   * extract holds data for; undefined when it lies (partly) inside.
   */
  outsideReason(latitude: number, longitude: number, radiusM: number): string | undefined {
    const range = cellsAround(latitude, longitude, radiusM);
    const extent = this.#extent;
    if (extent && range.maxX >= extent.minX && range.minX <= extent.maxX && range.maxY >= extent.minY && range.minY <= extent.maxY) return undefined;
    const covered = extent ? `: it covers ${describeBox(cellBox(extent))}` : ': it holds nothing';
    return `This place is outside the map data the service holds (the OpenStreetMap extract ${this.#name}${covered})`;
  }

  /** The features of every cell around the circle (whole cells: a few more than the circle needs). */
  query(latitude: number, longitude: number, radiusM: number): MapFeatures {
    const seen = new Set<string>();
    const result = emptyMapFeatures();
    for (const features of this.#cells.cells(cellsAround(latitude, longitude, radiusM))) {
      for (const building of features.buildings) if (once(seen, `b${building.osmId}`)) result.buildings.push(building);
      for (const tree of features.trees) if (once(seen, `t${tree.osmId}${tree.lon}${tree.lat}`)) result.trees.push(tree);
      for (const area of features.ground) if (once(seen, `g${area.osmId}`)) result.ground.push(area);
      for (const panel of features.solar) if (once(seen, `s${panel.osmId}`)) result.solar.push(panel);
      for (const address of features.addresses) if (once(seen, `a${address.osmId}`)) result.addresses.push(address);
    }
    return result;
  }
}

/** A box in degrees as a reader reads it: "9.46° E to 9.68° E, 46.96° N to 47.53° N". */
function describeBox([west, south, east, north]: [number, number, number, number]): string {
  const lon = (value: number) => `${Math.abs(value).toFixed(2)}° ${value < 0 ? 'W' : 'E'}`;
  const lat = (value: number) => `${Math.abs(value).toFixed(2)}° ${value < 0 ? 'S' : 'N'}`;
  return `${lon(west)} to ${lon(east)}, ${lat(south)} to ${lat(north)}`;
}

/** Whether `extract` has an index in `cacheDir`. */
export function isExtractIndexed(extract: string, cacheDir: string): boolean {
  return fs.existsSync(path.join(indexFolder(extract, cacheDir), 'complete'));
}

/**
 * Builds the index of `extract` in `cacheDir` (unless it is there already), streaming the extract with
 * bounded memory; an index of an older version of the same file is removed.
 *
 * @returns what the index holds, or undefined when it was there already
 */
export function indexExtract(extract: string, cacheDir: string, onProgress?: (fraction: number, step: string) => void, limits: IndexLimits = DEFAULT_INDEX_LIMITS): IndexSummary | undefined {
  if (!fs.existsSync(extract)) throw new Error(`The OpenStreetMap extract ${extract} does not exist`);
  const folder = indexFolder(extract, cacheDir);
  if (fs.existsSync(path.join(folder, 'complete'))) return undefined;
  const temporary = `${folder}.${process.pid}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  try {
    const summary = buildExtractIndex(extract, path.join(temporary, 'index'), path.join(temporary, 'work'), onProgress, limits);
    const source = path.resolve(extract);
    fs.writeFileSync(path.join(temporary, 'index', 'complete'), JSON.stringify({ source, format: INDEX_FORMAT, at: new Date().toISOString(), ...summary }));
    for (const older of fs.readdirSync(path.dirname(folder))) removeIfIndexOf(path.join(path.dirname(folder), older), source);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(path.join(temporary, 'index'), folder);
    return summary;
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

function indexFolder(extract: string, cacheDir: string): string {
  const stat = fs.existsSync(extract) ? fs.statSync(extract) : { size: -1, mtimeMs: -1 };
  const key = createHash('sha256').update(`${INDEX_FORMAT}:${path.resolve(extract)}:${stat.size}:${stat.mtimeMs}`).digest('hex').slice(0, 16);
  return path.join(cacheDir, 'osm-index', key);
}

/** Removes a finished index of another version of the same extract file. */
function removeIfIndexOf(folder: string, source: string): void {
  try {
    if ((JSON.parse(fs.readFileSync(path.join(folder, 'complete'), 'utf8')) as { source?: string }).source === source) fs.rmSync(folder, { recursive: true, force: true });
  } catch {
    // not a finished index (an older format, or one being built): left alone
  }
}

function once(seen: Set<string>, key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}
