/** An indexed primitive: shared vertices with averaged normals. */
export interface SmoothMesh {
  positions: Float32Array<ArrayBuffer>;
  normals: Float32Array<ArrayBuffer>;
  indices: Uint32Array<ArrayBuffer>;
}

/**
 * Welds a flat-shaded triangle soup's coincident vertices (within 1 cm) and gives each the mean of
 * its triangles' normals, weighted by their areas: the terrain then shades smoothly instead of in
 * light and dark triangles, and its vertices are stored once. An open-addressing hash table over the
 * vertices' centimetre cells keeps it to a few milliseconds for a whole terrain.
 */
export function smoothNormals(positions: ArrayLike<number>): SmoothMesh {
  const count = positions.length / 3;
  let size = 1;
  while (size < count * 2) size *= 2;
  const table = new Int32Array(size).fill(-1);
  const cells = new Int32Array(count * 3);
  const welded = new Float32Array(count * 3);
  const indices = new Uint32Array(count);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    const x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
    const cx = Math.round(x * 100), cy = Math.round(y * 100), cz = Math.round(z * 100);
    let slot = (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) & (size - 1);
    let id = -1;
    while (table[slot] >= 0) {
      const candidate = table[slot];
      if (cells[3 * candidate] === cx && cells[3 * candidate + 1] === cy && cells[3 * candidate + 2] === cz) {
        id = candidate;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
    if (id < 0) {
      id = unique++;
      table[slot] = id;
      cells[3 * id] = cx;
      cells[3 * id + 1] = cy;
      cells[3 * id + 2] = cz;
      welded[3 * id] = x;
      welded[3 * id + 1] = y;
      welded[3 * id + 2] = z;
    }
    indices[v] = id;
  }
  const sums = new Float64Array(unique * 3);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const e1x = welded[3 * b] - welded[3 * a], e1y = welded[3 * b + 1] - welded[3 * a + 1], e1z = welded[3 * b + 2] - welded[3 * a + 2];
    const e2x = welded[3 * c] - welded[3 * a], e2y = welded[3 * c + 1] - welded[3 * a + 1], e2z = welded[3 * c + 2] - welded[3 * a + 2];
    // The cross product's length is twice the area: summing it unnormalised weights by area.
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    for (let k = 0; k < 3; k++) {
      const id = indices[t + k];
      sums[3 * id] += nx;
      sums[3 * id + 1] += ny;
      sums[3 * id + 2] += nz;
    }
  }
  const normals = new Float32Array(unique * 3);
  for (let i = 0; i < sums.length; i += 3) {
    const length = Math.hypot(sums[i], sums[i + 1], sums[i + 2]) || 1;
    normals[i] = sums[i] / length;
    normals[i + 1] = sums[i + 1] / length;
    normals[i + 2] = sums[i + 2] / length;
  }
  return { positions: welded.slice(0, unique * 3), normals, indices };
}
