import { BackSide, DoubleSide, InstancedMesh, Mesh, Raycaster, Vector3, type BufferAttribute, type BufferGeometry, type Intersection, type Material, type Object3D } from 'three';

/** A mesh's vertex positions in the model frame (x, y, z per vertex), for the matrix they were made with. */
interface WorldPositions {
  matrix: number[];
  source: unknown;
  xyz: Float32Array;
}

const cache = new WeakMap<BufferGeometry, WorldPositions>();
const SKY = 10_000;
const DOWN = new Vector3(0, -1, 0);

/**
 * The highest surface straight below a ground point: what a ray cast down from the sky at (`x`, `z`) in
 * the model frame hits first, as three.js's `Raycaster` would report it (the mesh, its triangle's index,
 * the point; back faces of one-sided materials are missed as three.js misses them).
 *
 * Three.js tests every triangle of every batch mesh with vector objects (about 100 ms a ray for a
 * 0.3 km model, several rays to find a house); this reads the index and positions as plain arrays and
 * tests triangles in plan view, with the vertices turned into the model frame once per mesh.
 */
export function verticalHit(root: Object3D, x: number, z: number): Intersection | undefined {
  let best: Intersection | undefined;
  root.updateWorldMatrix(true, true);
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    if (object instanceof InstancedMesh) {
      // Instances (trees, panels) are few and small: three.js's own raycast of them is quick.
      const hit = new Raycaster(new Vector3(x, SKY, z), DOWN).intersectObject(object, false)[0];
      if (hit && (!best || hit.point.y > best.point.y)) best = hit;
      return;
    }
    const geometry = object.geometry as BufferGeometry;
    const position = geometry.getAttribute('position') as BufferAttribute | undefined;
    if (!position) return;
    geometry.boundingBox ?? geometry.computeBoundingBox();
    const box = geometry.boundingBox!.clone().applyMatrix4(object.matrixWorld);
    if (x < box.min.x || x > box.max.x || z < box.min.z || z > box.max.z || (best && box.max.y <= best.point.y)) return;
    const xyz = worldPositions(geometry, position, object.matrixWorld.elements);
    const index = geometry.index?.array;
    const start = Math.max(0, geometry.drawRange.start);
    const end = Math.min(index ? index.length : position.count, geometry.drawRange.start + geometry.drawRange.count);
    const groups = Array.isArray(object.material) && geometry.groups.length > 0 ? geometry.groups : [{ start, count: end - start, materialIndex: 0 }];
    for (const group of groups) {
      const material = Array.isArray(object.material) ? object.material[group.materialIndex ?? 0] : object.material;
      if (!material) continue;
      const from = Math.max(start, group.start);
      const to = Math.min(end, group.start + group.count);
      for (let i = from; i + 2 < to; i += 3) {
        const a = index ? index[i] : i;
        const b = index ? index[i + 1] : i + 1;
        const c = index ? index[i + 2] : i + 2;
        const y = heightInTriangle(xyz, a, b, c, x, z, material);
        if (y !== undefined && (!best || y > best.point.y)) {
          best = { object, faceIndex: Math.floor(i / 3), point: new Vector3(x, y, z), distance: 0 } as Intersection;
        }
      }
    }
  });
  return best;
}

/** The height of the triangle (a, b, c) at (x, z), if it covers that point and faces the way its material is seen. */
function heightInTriangle(xyz: Float32Array, a: number, b: number, c: number, x: number, z: number, material: Material): number | undefined {
  const ax = xyz[a * 3], az = xyz[a * 3 + 2];
  const bx = xyz[b * 3], bz = xyz[b * 3 + 2];
  const cx = xyz[c * 3], cz = xyz[c * 3 + 2];
  if ((x < ax && x < bx && x < cx) || (x > ax && x > bx && x > cx) || (z < az && z < bz && z < cz) || (z > az && z > bz && z > cz)) return undefined;
  // Twice the signed plan area: positive when the face looks up (three.js's counter-clockwise front).
  const area = (bz - az) * (cx - ax) - (bx - ax) * (cz - az);
  if (Math.abs(area) < 1e-9) return undefined;
  const seen = material.side === DoubleSide || (material.side === BackSide ? area < 0 : area > 0);
  if (!seen) return undefined;
  const u = ((cz - az) * (x - ax) - (cx - ax) * (z - az)) / -area;
  const v = ((bz - az) * (x - ax) - (bx - ax) * (z - az)) / area;
  if (u < 0 || v < 0 || u + v > 1) return undefined;
  return xyz[a * 3 + 1] + u * (xyz[b * 3 + 1] - xyz[a * 3 + 1]) + v * (xyz[c * 3 + 1] - xyz[a * 3 + 1]);
}

/** The geometry's positions in the model frame (x, y, z per vertex), computed once per geometry and world matrix. */
export function worldPositions(geometry: BufferGeometry, position: BufferAttribute, matrix: number[]): Float32Array {
  const known = cache.get(geometry);
  if (known && known.source === position.array && known.matrix.every((value, i) => value === matrix[i])) return known.xyz;
  const xyz = new Float32Array(position.count * 3);
  const [m0, m1, m2, , m4, m5, m6, , m8, m9, m10, , m12, m13, m14] = matrix;
  const { array, itemSize } = position;
  // Positions are mostly quantized (normalized integers): read the array and scale it here, which is
  // many times quicker than three.js's getX/getY/getZ per vertex.
  const scale = !position.normalized ? (array instanceof Float32Array ? 1 : 0) : array instanceof Int16Array ? 1 / 32767 : array instanceof Uint16Array ? 1 / 65535 : array instanceof Int8Array ? 1 / 127 : array instanceof Uint8Array ? 1 / 255 : 0;
  const plain = scale !== 0 && (position as { isInterleavedBufferAttribute?: boolean }).isInterleavedBufferAttribute !== true;
  const low = position.normalized ? -1 : -Infinity;
  for (let i = 0; i < position.count; i++) {
    let px: number, py: number, pz: number;
    if (plain) {
      // Signed normalized integers reach −1 at their two lowest values (as three.js reads them).
      const k = i * itemSize;
      px = Math.max(array[k] * scale, low);
      py = Math.max(array[k + 1] * scale, low);
      pz = Math.max(array[k + 2] * scale, low);
    } else {
      px = position.getX(i);
      py = position.getY(i);
      pz = position.getZ(i);
    }
    xyz[i * 3] = m0 * px + m4 * py + m8 * pz + m12;
    xyz[i * 3 + 1] = m1 * px + m5 * py + m9 * pz + m13;
    xyz[i * 3 + 2] = m2 * px + m6 * py + m10 * pz + m14;
  }
  cache.set(geometry, { matrix: [...matrix], source: position.array, xyz });
  return xyz;
}
