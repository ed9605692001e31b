/** An axis-aligned box, metres (what `bounds` of polygon.ts gives). */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Values filed under the square cells their boxes cover, so that those near a box or a point are found
 * without going through them all (footprints, wall edges, street segments, labels of a model).
 */
export class BoxGrid<T> {
  readonly #cells = new Map<string, T[]>();
  readonly #side: number;

  /** @param side - the cells' side, metres */
  constructor(side = 50) {
    this.#side = side;
  }

  add(box: Box, value: T): void {
    for (const key of this.#keys(box)) {
      const list = this.#cells.get(key);
      if (list) list.push(value);
      else this.#cells.set(key, [value]);
    }
  }

  /** The values whose boxes share a cell with `box`, each once. */
  near(box: Box): T[] {
    return [...new Set(this.#keys(box).flatMap((key) => this.#cells.get(key) ?? []))];
  }

  /** The values whose boxes cover the cell of a point. */
  at(x: number, y: number): readonly T[] {
    return this.#cells.get(`${Math.floor(x / this.#side)},${Math.floor(y / this.#side)}`) ?? [];
  }

  #keys(box: Box): string[] {
    const keys: string[] = [];
    for (let i = Math.floor(box.minX / this.#side); i <= Math.floor(box.maxX / this.#side); i++) {
      for (let j = Math.floor(box.minY / this.#side); j <= Math.floor(box.maxY / this.#side); j++) keys.push(`${i},${j}`);
    }
    return keys;
  }
}
