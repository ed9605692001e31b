import type { LonLatRing } from '../features/map-features.ts';

/**
 * Reads the geometries the OpenStreetMap tables hold from well-known binary (PostGIS's ST_AsBinary):
 * points, line strings and multipolygons, in either byte order. Faster to send and read than GeoJSON,
 * and exact: the doubles arrive as stored.
 */
export function readWkb(bytes: Uint8Array): { type: 'point'; point: [number, number] } | { type: 'line'; points: LonLatRing } | { type: 'multipolygon'; polygons: LonLatRing[][] } {
  const reader = new WkbReader(bytes);
  const type = reader.header();
  if (type === 1) return { type: 'point', point: reader.point() };
  if (type === 2) return { type: 'line', points: reader.points() };
  if (type === 6) {
    const polygons: LonLatRing[][] = [];
    for (let p = reader.uint(); p > 0; p--) {
      reader.header();
      const rings: LonLatRing[] = [];
      for (let r = reader.uint(); r > 0; r--) rings.push(reader.points());
      polygons.push(rings);
    }
    return { type: 'multipolygon', polygons };
  }
  throw new Error(`unexpected geometry type ${type} in the OpenStreetMap database`);
}

class WkbReader {
  readonly #view: DataView;
  #pos = 0;
  #little = true;

  constructor(bytes: Uint8Array) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Byte order and geometry type of the next geometry. */
  header(): number {
    this.#little = this.#view.getUint8(this.#pos) === 1;
    this.#pos += 1;
    return this.uint();
  }

  uint(): number {
    const value = this.#view.getUint32(this.#pos, this.#little);
    this.#pos += 4;
    return value;
  }

  point(): [number, number] {
    const x = this.#view.getFloat64(this.#pos, this.#little);
    const y = this.#view.getFloat64(this.#pos + 8, this.#little);
    this.#pos += 16;
    return [x, y];
  }

  points(): LonLatRing {
    const points: LonLatRing = [];
    for (let n = this.uint(); n > 0; n--) points.push(this.point());
    return points;
  }
}
