import { MeshBuilder } from '../geometry/mesh-builder.ts';

type V = [number, number, number];

/**
 * Cuts a primitive's triangles at the height `y` (glTF frame, metres): the parts below and above, each
 * keeping its face normals. Shop fronts take the ground floor of a wall, windows the storeys above.
 */
export function splitAtHeight(mesh: MeshBuilder, y: number): { below: MeshBuilder; above: MeshBuilder } {
  const below = new MeshBuilder();
  const above = new MeshBuilder();
  const p = mesh.positions;
  const n = mesh.normals;
  for (let t = 0; t < p.length; t += 9) {
    // Most triangles lie wholly on one side: copied as they are.
    const low = Math.min(p[t + 1], p[t + 4], p[t + 7]);
    const high = Math.max(p[t + 1], p[t + 4], p[t + 7]);
    if (high <= y || low >= y) {
      const side = high <= y ? below : above;
      for (let k = 0; k < 9; k++) {
        side.positions.push(p[t + k]);
        side.normals.push(n[t + k]);
      }
      continue;
    }
    const tri: V[] = [0, 3, 6].map((k) => [p[t + k], p[t + k + 1], p[t + k + 2]]);
    const normal: V = [n[t], n[t + 1], n[t + 2]];
    emit(below, clip(tri, y, true), normal);
    emit(above, clip(tri, y, false), normal);
  }
  return { below, above };
}

/** The polygon of a triangle on one side of the plane (Sutherland–Hodgman against one edge). */
function clip(polygon: V[], y: number, keepBelow: boolean): V[] {
  const inside = (v: V) => (keepBelow ? v[1] <= y : v[1] >= y);
  const out: V[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    if (inside(a)) out.push(a);
    if (inside(a) !== inside(b)) {
      const t = (y - a[1]) / (b[1] - a[1]);
      out.push([a[0] + (b[0] - a[0]) * t, y, a[2] + (b[2] - a[2]) * t]);
    }
  }
  return out;
}

/** Fans a convex polygon into triangles, in glTF coordinates as they are (no frame change). */
function emit(mesh: MeshBuilder, polygon: V[], normal: V): void {
  for (let i = 1; i + 1 < polygon.length; i++) {
    const tri = [polygon[0], polygon[i], polygon[i + 1]];
    const e1 = [tri[1][0] - tri[0][0], tri[1][1] - tri[0][1], tri[1][2] - tri[0][2]];
    const e2 = [tri[2][0] - tri[0][0], tri[2][1] - tri[0][1], tri[2][2] - tri[0][2]];
    const area = Math.hypot(e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]);
    if (area < 2e-6) continue;
    for (const v of tri) {
      mesh.positions.push(v[0], v[1], v[2]);
      mesh.normals.push(normal[0], normal[1], normal[2]);
    }
  }
}
