import type { MapFeatures } from '../features/map-features.ts';
import type { LocalFrame } from '../geometry/local-frame.ts';
import type { Polygon2 } from './area-pieces.ts';
import { seaPolygons, seaReach } from './sea.ts';
import { rowCrossings } from './row-crossings.ts';

/** Cells of the sea mask across the model's diameter (about 1 m at 0.3 km, 10 m at 5 km). */
const MASK_CELLS = 1000;

/**
 * The ground's elevation with the sea held at sea level: coarse elevation data (SRTM's 90 m cells)
 * smears steep coasts out to sea, where the drawn sea would then lie under the ground. Inside the
 * sea (from the coastline, see seaPolygons) the ground is lowered to `seaLevel`; land is kept as it is.
 */
export function seaLevelGround(features: MapFeatures, frame: LocalFrame, radius: number, seaLevel: number, elevation: (x: number, y: number) => number): (x: number, y: number) => number {
  const coasts = features.ground.filter((g) => g.kind === 'coastline').map((g) => g.points.map(([lon, lat]) => frame.toLocal(lon, lat)));
  if (coasts.length === 0) return elevation;
  const reach = seaReach(radius);
  const sea = seaPolygons(coasts, reach);
  if (sea.length === 0) return elevation;
  const inSea = polygonMask(sea, reach, (2 * reach) / MASK_CELLS);
  return (x, y) => {
    const z = elevation(x, y);
    return inSea(x, y) ? Math.min(z, seaLevel) : z;
  };
}

/** A raster of which cells (of `cell` metres, over [-extent, extent]²) lie inside the polygons, filled row by row. */
function polygonMask(polygons: Polygon2[], extent: number, cell: number): (x: number, y: number) => boolean {
  const size = Math.ceil((2 * extent) / cell);
  const mask = new Uint8Array(size * size);
  const rings = polygons.flatMap((p) => [p.outer, ...p.holes]);
  for (let row = 0; row < size; row++) {
    const y = -extent + (row + 0.5) * cell;
    const crossings = rowCrossings(rings, y);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil((crossings[k] + extent) / cell - 0.5));
      const to = Math.min(size - 1, Math.floor((crossings[k + 1] + extent) / cell - 0.5));
      for (let column = from; column <= to; column++) mask[row * size + column] = 1;
    }
  }
  return (x, y) => {
    const column = Math.floor((x + extent) / cell);
    const row = Math.floor((y + extent) / cell);
    return column >= 0 && row >= 0 && column < size && row < size && mask[row * size + column] === 1;
  };
}
