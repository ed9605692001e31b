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

/** Steps per texture repeat in the stored texture coordinates (±256 repeats fit in 16 bits). */
export const UV_STEPS = 128;

/**
 * Texture coordinates of a primitive as the model stores them: 16-bit integers in 1/UV_STEPS of a
 * repeat (KHR_mesh_quantization; every textured material scales them back with KHR_texture_transform).
 */
export function storedUvs(positions: ArrayLike<number>, normals: ArrayLike<number>, mapping: UvMapping): Int16Array<ArrayBuffer> {
  const uvs = computeUvs(positions, normals, mapping);
  const out = new Int16Array(uvs.length);
  for (let i = 0; i < uvs.length; i++) out[i] = Math.max(-32767, Math.min(32767, Math.round(uvs[i] * UV_STEPS)));
  return out;
}

/**
 * Texture coordinates for every vertex of a primitive, shifted by whole repeats so they start near 0
 * (a tiling texture looks the same; small numbers store in 16 bits).
 */
function computeUvs(positions: ArrayLike<number>, normals: ArrayLike<number>, mapping: UvMapping): Float32Array<ArrayBuffer> {
  const count = positions.length / 3;
  const uvs = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) uvAt(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2], normals[3 * i], normals[3 * i + 1], normals[3 * i + 2], mapping, uvs, 2 * i);
  for (const axis of [0, 1]) {
    let min = Infinity;
    for (let i = axis; i < uvs.length; i += 2) min = Math.min(min, uvs[i]);
    const shift = Math.floor(min);
    for (let i = axis; i < uvs.length; i += 2) uvs[i] -= shift;
  }
  return uvs;
}

/** Writes one vertex's (u, v) at `out[at]`. */
function uvAt(x: number, y: number, z: number, nx: number, ny: number, nz: number, mapping: UvMapping, out: Float32Array, at: number): void {
  let u: number, v: number;
  const horizontal = Math.hypot(nx, nz);
  if (mapping.kind === 'ground') [u, v] = [x / mapping.tile, z / mapping.tile];
  else if (mapping.kind === 'wall') {
    if (horizontal < 0.3) {
      // Soffits and caps in the walls' primitive: planar, so they take the material's tone.
      [u, v] = [x / mapping.bay, z / mapping.bay];
    } else {
      // The right-hand direction seen from outside: (nz, 0, −nx).
      u = (x * nz - z * nx) / horizontal / mapping.bay;
      v = -(y - mapping.bottom) / mapping.levelHeight;
    }
  } else if (horizontal < 0.05) [u, v] = [x / mapping.tile, z / mapping.tile];
  else {
    // Up the slope, in the roof's plane: s = (up − n·ny) normalised; u along the eaves.
    const sx = -nx * ny, sy = 1 - ny * ny, sz = -nz * ny;
    const s = Math.hypot(sx, sy, sz);
    u = (x * nz - z * nx) / horizontal / mapping.tile;
    v = -(x * sx + y * sy + z * sz) / s / mapping.tile;
  }
  out[at] = u;
  out[at + 1] = v;
}
