import { LocalFrame } from '../geometry/local-frame.ts';
import type { TerrainSource } from '../terrain/terrain-source.ts';

/** Ground samples are bucketed in squares of this size, metres. */
const BUCKET_M = 50;
/** Samples farther than this do not shape the ground at a point; beyond, the samples' mean holds. */
const REACH_M = 100;
/** Spacing of the raster the ground is read from, metres (ground between buildings is smooth). */
const RASTER_M = 10;

/**
 * The ground where no terrain source covers a place, from the measured buildings' ground surfaces:
 * the heights of their footprint corners, interpolated by inverse distance on a 10 m raster whose nodes
 * are computed when first read, then bilinearly between nodes (an HD ground mesh reads the terrain
 * about a million times; the raster makes each read a few array look-ups). Heights are the data's
 * (e.g. DHHN2016, NAP); each building is then seated on this ground like any other.
 */
export class Lod2Ground implements TerrainSource {
  readonly name: string;
  readonly #frame: LocalFrame;
  readonly #buckets = new Map<number, number[]>();
  readonly #mean: number;
  readonly #origin: [number, number];
  readonly #size: [number, number];
  readonly #nodes: Float64Array;

  /** `samples`: longitude, latitude and ground height of footprint corners; `why`: why no terrain source serves. */
  constructor(samples: [number, number, number][], datasets: string[], why: string) {
    this.name = `ground surfaces of the LoD2 buildings (${datasets.join(', ')}); no terrain source: ${why}`;
    const [lon0, lat0] = samples[0];
    this.#frame = new LocalFrame(lat0, lon0);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [lon, lat, z] of samples) {
      const [x, y] = this.#frame.toLocal(lon, lat);
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      const key = bucketKey(Math.floor(x / BUCKET_M), Math.floor(y / BUCKET_M));
      const bucket = this.#buckets.get(key);
      if (bucket) bucket.push(x, y, z);
      else this.#buckets.set(key, [x, y, z]);
    }
    this.#mean = samples.reduce((sum, s) => sum + s[2], 0) / samples.length;
    this.#origin = [minX - REACH_M, minY - REACH_M];
    this.#size = [Math.ceil((maxX - minX + 2 * REACH_M) / RASTER_M) + 2, Math.ceil((maxY - minY + 2 * REACH_M) / RASTER_M) + 2];
    this.#nodes = new Float64Array(this.#size[0] * this.#size[1]).fill(Number.NaN);
  }

  elevation(lon: number, lat: number): number {
    const [x, y] = this.#frame.toLocal(lon, lat);
    const gx = (x - this.#origin[0]) / RASTER_M;
    const gy = (y - this.#origin[1]) / RASTER_M;
    const [i, j] = [Math.floor(gx), Math.floor(gy)];
    if (i < 0 || j < 0 || i + 1 >= this.#size[0] || j + 1 >= this.#size[1]) return this.#mean;
    const [fx, fy] = [gx - i, gy - j];
    const bottom = this.#node(i, j) * (1 - fx) + this.#node(i + 1, j) * fx;
    const top = this.#node(i, j + 1) * (1 - fx) + this.#node(i + 1, j + 1) * fx;
    return bottom * (1 - fy) + top * fy;
  }

  /** The raster node's height, computed on first read. */
  #node(i: number, j: number): number {
    const k = j * this.#size[0] + i;
    let z = this.#nodes[k];
    if (Number.isNaN(z)) this.#nodes[k] = z = this.#interpolate(this.#origin[0] + i * RASTER_M, this.#origin[1] + j * RASTER_M);
    return z;
  }

  /** Inverse-distance (power 4) height of the samples within REACH_M of a point, else their mean. */
  #interpolate(x: number, y: number): number {
    const reach = Math.ceil(REACH_M / BUCKET_M);
    const [bx, by] = [Math.floor(x / BUCKET_M), Math.floor(y / BUCKET_M)];
    let weights = 0;
    let sum = 0;
    for (let i = bx - reach; i <= bx + reach; i++) {
      for (let j = by - reach; j <= by + reach; j++) {
        const bucket = this.#buckets.get(bucketKey(i, j));
        if (!bucket) continue;
        for (let k = 0; k < bucket.length; k += 3) {
          const d2 = (bucket[k] - x) ** 2 + (bucket[k + 1] - y) ** 2;
          if (d2 < 1e-6) return bucket[k + 2];
          if (d2 > REACH_M * REACH_M) continue;
          const w = 1 / (d2 * d2);
          weights += w;
          sum += w * bucket[k + 2];
        }
      }
    }
    return weights > 0 ? sum / weights : this.#mean;
  }
}

/** One number per bucket (bucket indices stay within ±50,000, i.e. 2,500 km of the first sample). */
function bucketKey(i: number, j: number): number {
  return (i + 50_000) * 100_000 + (j + 50_000);
}
