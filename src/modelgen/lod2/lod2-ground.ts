import { LocalFrame } from '../geometry/local-frame.ts';
import type { TerrainSource } from '../terrain/terrain-source.ts';

/** Ground samples are bucketed in squares of this size, metres. */
const BUCKET_M = 50;
/** Samples farther than this do not shape the ground at a point; beyond, the nearest bucket's mean holds. */
const REACH_M = 100;

/**
 * The ground where no terrain source covers a place, from the measured buildings' ground surfaces:
 * the heights of their footprint corners, interpolated by inverse distance (exact at the corners, so
 * each building stands on its own measured ground). Heights are the data's (e.g. DHHN2016, NAP).
 */
export class Lod2Ground implements TerrainSource {
  readonly name: string;
  readonly #frame: LocalFrame;
  readonly #buckets = new Map<number, number[]>();
  readonly #mean: number;

  /** `samples`: longitude, latitude and ground height of footprint corners; `why`: why no terrain source serves. */
  constructor(samples: [number, number, number][], datasets: string[], why: string) {
    this.name = `ground surfaces of the LoD2 buildings (${datasets.join(', ')}); no terrain source: ${why}`;
    const [lon0, lat0] = samples[0];
    this.#frame = new LocalFrame(lat0, lon0);
    for (const [lon, lat, z] of samples) {
      const [x, y] = this.#frame.toLocal(lon, lat);
      const key = bucketKey(Math.floor(x / BUCKET_M), Math.floor(y / BUCKET_M));
      const bucket = this.#buckets.get(key);
      if (bucket) bucket.push(x, y, z);
      else this.#buckets.set(key, [x, y, z]);
    }
    this.#mean = samples.reduce((sum, s) => sum + s[2], 0) / samples.length;
  }

  elevation(lon: number, lat: number): number {
    const [x, y] = this.#frame.toLocal(lon, lat);
    const reach = Math.ceil(REACH_M / BUCKET_M);
    const [bx, by] = [Math.floor(x / BUCKET_M), Math.floor(y / BUCKET_M)];
    let weights = 0;
    let sum = 0;
    for (let i = bx - reach; i <= bx + reach; i++) {
      for (let j = by - reach; j <= by + reach; j++) {
        const bucket = this.#buckets.get(bucketKey(i, j));
        if (!bucket) continue;
        for (let k = 0; k < bucket.length; k += 3) {
          const [sx, sy, z] = [bucket[k], bucket[k + 1], bucket[k + 2]];
          const d2 = (sx - x) ** 2 + (sy - y) ** 2;
          if (d2 < 1e-6) return z;
          if (d2 > REACH_M * REACH_M) continue;
          const w = 1 / (d2 * d2);
          weights += w;
          sum += w * z;
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
