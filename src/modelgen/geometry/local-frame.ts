/** A point in the model's ground plane: metres east (`x`) and north (`y`) of the origin. */
export type Point2 = [number, number];

const METRES_PER_DEGREE = 111_319.49;

/**
 * The model's local frame: an equirectangular projection around the requested point, accurate to a few
 * centimetres over the 2 km the service models. glTF axes follow: +X east, +Y up, −Z north.
 */
export class LocalFrame {
  readonly latitude: number;
  readonly longitude: number;
  readonly #cosLat: number;

  constructor(latitude: number, longitude: number) {
    this.latitude = latitude;
    this.longitude = longitude;
    this.#cosLat = Math.cos((latitude * Math.PI) / 180);
  }

  /** Metres east and north of the origin. */
  toLocal(lon: number, lat: number): Point2 {
    return [(lon - this.longitude) * METRES_PER_DEGREE * this.#cosLat, (lat - this.latitude) * METRES_PER_DEGREE];
  }

  /** Longitude and latitude of a local point. */
  toLonLat([x, y]: Point2): [number, number] {
    return [this.longitude + x / (METRES_PER_DEGREE * this.#cosLat), this.latitude + y / METRES_PER_DEGREE];
  }
}
