/** Numbers kept outside the JavaScript heap, in a typed array that doubles as it fills. */
export class GrowingArray {
  #values = new Float64Array(1024);
  #length = 0;

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const larger = new Float64Array(this.#values.length * 2);
      larger.set(this.#values);
      this.#values = larger;
    }
    this.#values[this.#length++] = value;
  }

  values(): Float64Array {
    return this.#values.subarray(0, this.#length);
  }
}

/** The ways of multipolygons, each with the relations it belongs to, sorted for lookup. */
export class MemberTable {
  readonly #ways: Float64Array;
  readonly #relations: Uint32Array;

  constructor(ways: Float64Array, relations: Float64Array) {
    const order = Uint32Array.from(ways.keys()).sort((a, b) => ways[a] - ways[b]);
    this.#ways = Float64Array.from(order, (i) => ways[i]);
    this.#relations = Uint32Array.from(order, (i) => relations[i]);
  }

  has(way: number): boolean {
    return this.#first(way) < this.#ways.length && this.#ways[this.#first(way)] === way;
  }

  relationsOf(way: number): number[] {
    const out: number[] = [];
    for (let i = this.#first(way); i < this.#ways.length && this.#ways[i] === way; i++) out.push(this.#relations[i]);
    return out;
  }

  #first(way: number): number {
    let low = 0, high = this.#ways.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#ways[middle] < way) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
