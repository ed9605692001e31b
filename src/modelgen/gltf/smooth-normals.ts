/** An indexed primitive: shared vertices with averaged normals. */
export interface SmoothMesh {
  positions: Float32Array<ArrayBuffer>;
  normals: Float32Array<ArrayBuffer>;
  indices: Uint32Array<ArrayBuffer>;
}

/**
 * Welds a flat-shaded triangle soup's coincident vertices (within 1 mm) and gives each the mean of
 * its triangles' normals, weighted by their areas: the terrain then shades smoothly instead of in
 * light and dark triangles, and its vertices are stored once.
 */
export function smoothNormals(positions: ArrayLike<number>): SmoothMesh {
  const index = new Map<string, number>();
  const welded: number[] = [];
  const sums: number[] = [];
  const indices = new Uint32Array(positions.length / 3);
  for (let v = 0; v < positions.length / 3; v++) {
    const [x, y, z] = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
    const key = `${Math.round(x * 1000)},${Math.round(y * 1000)},${Math.round(z * 1000)}`;
    let id = index.get(key);
    if (id === undefined) {
      id = welded.length / 3;
      index.set(key, id);
      welded.push(x, y, z);
      sums.push(0, 0, 0);
    }
    indices[v] = id;
  }
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const e1 = [0, 1, 2].map((k) => welded[3 * b + k] - welded[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => welded[3 * c + k] - welded[3 * a + k]);
    // The cross product's length is twice the area: summing it unnormalised weights by area.
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    for (const id of [a, b, c]) for (let k = 0; k < 3; k++) sums[3 * id + k] += n[k];
  }
  const normals = new Float32Array(sums.length);
  for (let i = 0; i < sums.length; i += 3) {
    const length = Math.hypot(sums[i], sums[i + 1], sums[i + 2]) || 1;
    normals[i] = sums[i] / length;
    normals[i + 1] = sums[i + 1] / length;
    normals[i + 2] = sums[i + 2] / length;
  }
  return { positions: new Float32Array(welded), normals, indices };
}
