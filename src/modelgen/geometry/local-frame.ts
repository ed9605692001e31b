/** A point in the model's ground plane: metres east (`x`) and north (`y`) of the origin. */
export type Point2 = [number, number];

const METRES_PER_DEGREE = 111_319.49;

/**
 * The model's local frame: an equirectangular projection around the requested point. Over the 5 km the
 * service models, shapes keep their size within 0.06 % (a building's outline to a few centimetres) and
 * places at the edge shift by up to about 3 m, less than a building. glTF axes follow: +X east, +Y up, −Z north.
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
