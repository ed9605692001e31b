import { MeshBuilder, type Point3 } from './mesh-builder.ts';
import type { IndexedTerrain } from '../terrain/rtin-surface.ts';

/** Faces meeting at more than this angle keep a crease (the bank of a pad against the slope above). */
const CREASE_COS = Math.cos((40 * Math.PI) / 180);

/**
 * The ground as drawn: the terrain mesh with smooth normals (each corner's normal averages the
 * area-weighted normals of the faces around the vertex that lie within 40° of its own face), so the
 * ground shades as one surface rather than as triangle patches, while cut banks keep their edge.
 */
export function groundMesh(terrain: IndexedTerrain): MeshBuilder {
  const { positions: p, indices } = terrain;
  const faces = indices.length / 3;
  const faceNormals = new Float64Array(faces * 3);
  const around: number[][] = Array.from({ length: p.length / 3 }, () => []);
  for (let f = 0; f < faces; f++) {
    const [a, b, c] = [indices[3 * f], indices[3 * f + 1], indices[3 * f + 2]];
    const ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
    // Unnormalised: its length is twice the face's area, which weights the average.
    faceNormals.set([uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx], 3 * f);
    around[a].push(f);
    around[b].push(f);
    around[c].push(f);
  }
  const units = new Float64Array(faces * 3);
  for (let f = 0; f < faces; f++) {
    const l = Math.hypot(faceNormals[3 * f], faceNormals[3 * f + 1], faceNormals[3 * f + 2]) || 1;
    for (let a = 0; a < 3; a++) units[3 * f + a] = faceNormals[3 * f + a] / l;
  }
  const mesh = new MeshBuilder();
  const point = (v: number): Point3 => [p[3 * v], p[3 * v + 1], p[3 * v + 2]];
  for (let f = 0; f < faces; f++) {
    const corner = (v: number): Point3 => {
      let [x, y, z] = [0, 0, 0];
      for (const g of around[v]) {
        if (units[3 * g] * units[3 * f] + units[3 * g + 1] * units[3 * f + 1] + units[3 * g + 2] * units[3 * f + 2] < CREASE_COS) continue;
        x += faceNormals[3 * g];
        y += faceNormals[3 * g + 1];
        z += faceNormals[3 * g + 2];
      }
      const l = Math.hypot(x, y, z) || 1;
      return [x / l, y / l, z / l];
    };
    const [a, b, c] = [indices[3 * f], indices[3 * f + 1], indices[3 * f + 2]];
    mesh.smoothTriangle(point(a), point(b), point(c), [corner(a), corner(b), corner(c)]);
  }
  return mesh;
}
