/**
 * How texture coordinates are laid on a primitive, computed from its vertices and (face) normals in
 * glTF's frame (x east, y up, z south):
 * - `wall`: u along the wall in bays, v up in storeys from `bottom` (image top = top of a storey);
 * - `roof`: u along the eaves, v up the slope, in texture repeats (flat parts: planar like the ground);
 * - `ground`: planar in x and z, in texture repeats.
 */
export type UvMapping =
  | { kind: 'wall'; bottom: number; levelHeight: number; bay: number }
  | { kind: 'roof'; tile: number }
  | { kind: 'ground'; tile: number };

/**
 * Texture coordinates for every vertex of a primitive, shifted by whole repeats so they start near 0
 * (a tiling texture looks the same; small numbers store in 16 bits).
 */
export function computeUvs(positions: ArrayLike<number>, normals: ArrayLike<number>, mapping: UvMapping): Float32Array<ArrayBuffer> {
  const count = positions.length / 3;
  const uvs = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const [x, y, z] = [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]];
    const [nx, ny, nz] = [normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]];
    const [u, v] = uvAt(x, y, z, nx, ny, nz, mapping);
    uvs[2 * i] = u;
    uvs[2 * i + 1] = v;
  }
  for (const axis of [0, 1]) {
    let min = Infinity;
    for (let i = axis; i < uvs.length; i += 2) min = Math.min(min, uvs[i]);
    const shift = Math.floor(min);
    for (let i = axis; i < uvs.length; i += 2) uvs[i] -= shift;
  }
  return uvs;
}

function uvAt(x: number, y: number, z: number, nx: number, ny: number, nz: number, mapping: UvMapping): [number, number] {
  if (mapping.kind === 'ground') return [x / mapping.tile, z / mapping.tile];
  const horizontal = Math.hypot(nx, nz);
  if (mapping.kind === 'wall') {
    // Soffits and caps in the walls' primitive: planar, so they take the material's tone.
    if (horizontal < 0.3) return [x / mapping.bay, z / mapping.bay];
    // The right-hand direction seen from outside: (nz, 0, −nx).
    const u = (x * nz - z * nx) / horizontal / mapping.bay;
    return [u, -(y - mapping.bottom) / mapping.levelHeight];
  }
  if (horizontal < 0.05) return [x / mapping.tile, z / mapping.tile];
  // Up the slope, in the roof's plane: s = (up − n·ny) normalised; u along the eaves.
  const [sx, sy, sz] = [-nx * ny, 1 - ny * ny, -nz * ny];
  const s = Math.hypot(sx, sy, sz);
  const along = (x * nz - z * nx) / horizontal;
  const up = (x * sx + y * sy + z * sz) / s;
  return [along / mapping.tile, -up / mapping.tile];
}
