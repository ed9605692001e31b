import { decode } from 'fast-png';
import type { TerrainSource } from './terrain-source.ts';

/** Zoom levels tried, finest first; a server without a level answers 404 and the next is tried. */
const ZOOMS = [13, 12, 11, 10];

interface Tile {
  zoom: number;
  x: number;
  y: number;
  size: number;
  heights: Float32Array;
}

/**
 * Elevation from Terrarium PNG tiles (an XYZ template such as `https://…/terrarium/{z}/{x}/{y}.png`):
 * height = R × 256 + G + B / 256 − 32768 metres, web-mercator tiles of any size. The tiles covering the
 * area are fetched once before the model is built, then read with bilinear interpolation.
 */
export class TerrariumTerrain implements TerrainSource {
  readonly name: string;
  readonly #tiles: Tile[];

  private constructor(name: string, tiles: Tile[]) {
    this.name = name;
    this.#tiles = tiles;
  }

  /**
   * Fetches the tiles around a point, at the finest zoom the server has.
   *
   * @throws Error saying which tile failed, when no zoom level can be read
   */
  static async load(template: string, latitude: number, longitude: number, radiusM: number, fetchImpl: typeof fetch = globalThis.fetch): Promise<TerrariumTerrain> {
    let lastProblem = 'no zoom level answered';
    for (const zoom of ZOOMS) {
      const dLat = radiusM / 111_320 + 0.002;
      const dLon = radiusM / (111_320 * Math.cos((latitude * Math.PI) / 180)) + 0.002;
      const [x0, y0] = tileOf(longitude - dLon, latitude + dLat, zoom);
      const [x1, y1] = tileOf(longitude + dLon, latitude - dLat, zoom);
      try {
        const tiles: Tile[] = [];
        for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push(await fetchTile(template, zoom, x, y, fetchImpl));
        return new TerrariumTerrain(`Terrarium tiles, zoom ${zoom} (${new URL(template.replace(/\{[xyz]\}/g, '0')).host})`, tiles);
      } catch (error) {
        lastProblem = (error as Error).message;
        if (!/HTTP 404/.test(lastProblem)) break;
      }
    }
    throw new Error(`terrain tiles could not be read: ${lastProblem}`);
  }

  resolutionM(_lon: number, lat: number): number | undefined {
    const tile = this.#tiles[0];
    return tile ? (40_075_016.7 * Math.cos((lat * Math.PI) / 180)) / (tile.size * 2 ** tile.zoom) : undefined;
  }

  elevation(lon: number, lat: number): number | undefined {
    for (const tile of this.#tiles) {
      const [fx, fy] = fractionalTile(lon, lat, tile.zoom);
      const px = (fx - tile.x) * tile.size - 0.5;
      const py = (fy - tile.y) * tile.size - 0.5;
      if (px < -0.5 || py < -0.5 || px > tile.size - 0.5 || py > tile.size - 0.5) continue;
      const x0 = Math.max(0, Math.min(tile.size - 2, Math.floor(px)));
      const y0 = Math.max(0, Math.min(tile.size - 2, Math.floor(py)));
      const tx = Math.max(0, Math.min(1, px - x0));
      const ty = Math.max(0, Math.min(1, py - y0));
      const h = (x: number, y: number) => tile.heights[y * tile.size + x];
      return (h(x0, y0) * (1 - tx) + h(x0 + 1, y0) * tx) * (1 - ty) + (h(x0, y0 + 1) * (1 - tx) + h(x0 + 1, y0 + 1) * tx) * ty;
    }
    return undefined;
  }
}

async function fetchTile(template: string, zoom: number, x: number, y: number, fetchImpl: typeof fetch): Promise<Tile> {
  const url = template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(20_000), headers: { 'user-agent': 'solar-partner/1.0' } });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const png = decode(new Uint8Array(await response.arrayBuffer()));
  const channels = png.channels;
  const size = png.width;
  const heights = new Float32Array(size * png.height);
  for (let i = 0; i < heights.length; i++) {
    const r = png.data[i * channels];
    const g = png.data[i * channels + 1];
    const b = png.data[i * channels + 2];
    heights[i] = r * 256 + g + b / 256 - 32768;
  }
  return { zoom, x, y, size, heights };
}

/** Web-mercator tile coordinates (with fractions) of a point. */
function fractionalTile(lon: number, lat: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * n, ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n];
}

function tileOf(lon: number, lat: number, zoom: number): [number, number] {
  const [x, y] = fractionalTile(lon, lat, zoom);
  return [Math.floor(x), Math.floor(y)];
}
