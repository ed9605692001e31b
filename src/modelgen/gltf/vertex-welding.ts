/** A vertex attribute as stored: integers, `size` per vertex. */
type IntegerArray = Int8Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Int16Array<ArrayBuffer>;

export interface Attribute<T extends IntegerArray = IntegerArray> {
  array: T;
  size: number;
}

/** Welded attributes: each distinct vertex once, and the triangles as indices into them. */
export interface Welded {
  attributes: IntegerArray[];
  indices: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
}

/**
 * Welds a triangle list's vertices: corners whose stored attributes (quantised position, normal, texture
 * coordinates, colour) are equal become one vertex, referenced by an index list in the original order.
 * The meshes are built a triangle at a time, each with its own corners; a smooth ground mesh shares
 * each corner among about six triangles, a planar face among two or three, so welding halves to
 * sixths the vertex data the GLB stores and the viewer uploads. Vertices keep their first use's order
 * (what meshopt's compression and the GPU's vertex cache like best).
 */
export function weld(attributes: Attribute[], count: number): Welded {
  const table = new Int32Array(tableSize(count)).fill(-1);
  const mask = table.length - 1;
  const firstOf = new Uint32Array(count);
  const indices = count > 0 && count <= 65535 ? new Uint16Array(count) : new Uint32Array(count);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    let slot = hashOf(attributes, v) & mask;
    for (;;) {
      const held = table[slot];
      if (held === -1) {
        table[slot] = unique;
        firstOf[unique] = v;
        indices[v] = unique++;
        break;
      }
      if (same(attributes, firstOf[held], v)) {
        indices[v] = held;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  const out = attributes.map(({ array, size }) => {
    const compact = new (array.constructor as new (length: number) => IntegerArray)(unique * size);
    for (let u = 0; u < unique; u++) for (let k = 0; k < size; k++) compact[u * size + k] = array[firstOf[u] * size + k];
    return compact;
  });
  // Fewer than 65,536 vertices left: 16-bit indices, half the bytes.
  const narrow = unique <= 65535 && indices instanceof Uint32Array ? Uint16Array.from(indices) : indices;
  return { attributes: out, indices: narrow };
}

function tableSize(count: number): number {
  let size = 16;
  while (size < count * 2) size *= 2;
  return size;
}

function hashOf(attributes: Attribute[], v: number): number {
  let h = 0x811c9dc5;
  for (const { array, size } of attributes) {
    for (let k = 0; k < size; k++) h = Math.imul(h ^ (array[v * size + k] & 0xffff), 0x01000193);
  }
  return (h ^ (h >>> 15)) >>> 0;
}

function same(attributes: Attribute[], a: number, b: number): boolean {
  for (const { array, size } of attributes) {
    for (let k = 0; k < size; k++) if (array[a * size + k] !== array[b * size + k]) return false;
  }
  return true;
}
