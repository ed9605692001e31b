import earcut from 'earcut';

/** A point of the model in its local frame: metres east, metres north, metres up. */
export type Point3 = [number, number, number];

/**
 * Collects flat-shaded triangles: each triangle gets its own vertices and face normal, so edges between
 * walls and roof planes stay crisp. Output is in glTF's frame: x east, y up, z south (−Z north).
 */
export class MeshBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];

  get triangleCount(): number {
    return this.positions.length / 9;
  }

  /** Adds a triangle, counter-clockwise seen from outside; degenerate ones (under 1 mm²) are skipped. */
  triangle(a: Point3, b: Point3, c: Point3): void {
    const n = cross(sub(b, a), sub(c, a));
    const length = Math.hypot(n[0], n[1], n[2]);
    if (length < 2e-6) return;
    for (const p of [a, b, c]) {
      this.positions.push(p[0], p[2], -p[1]);
      this.normals.push(n[0] / length, n[2] / length, -n[1] / length);
    }
  }

  /**
   * Adds a triangle with a normal per corner (local frame, unit length), for smooth surfaces such as
   * the ground; degenerate ones are skipped.
   */
  smoothTriangle(a: Point3, b: Point3, c: Point3, normals: [Point3, Point3, Point3]): void {
    const n = cross(sub(b, a), sub(c, a));
    if (Math.hypot(n[0], n[1], n[2]) < 2e-6) return;
    [a, b, c].forEach((p, k) => {
      this.positions.push(p[0], p[2], -p[1]);
      this.normals.push(normals[k][0], normals[k][2], -normals[k][1]);
    });
  }

  /**
   * Adds a planar polygon (outer ring counter-clockwise seen from where the normal points), with holes,
   * triangulated with earcut in its own plane.
   */
  polygon(outer: Point3[], holes: Point3[][] = []): void {
    const rings = [outer, ...holes];
    const all = rings.flat();
    if (outer.length < 3) return;
    const normal = newellNormal(outer);
    const axis = Math.abs(normal[2]) >= Math.abs(normal[0]) && Math.abs(normal[2]) >= Math.abs(normal[1]) ? 2 : Math.abs(normal[0]) >= Math.abs(normal[1]) ? 0 : 1;
    const flat: number[] = [];
    for (const p of all) {
      if (axis === 2) flat.push(p[0], p[1]);
      else if (axis === 0) flat.push(p[1], p[2]);
      else flat.push(p[0], p[2]);
    }
    const holeIndices: number[] = [];
    let offset = outer.length;
    for (const hole of holes) {
      holeIndices.push(offset);
      offset += hole.length;
    }
    const indices = earcut(flat, holeIndices, 2);
    for (let i = 0; i < indices.length; i += 3) {
      const [a, b, c] = [all[indices[i]], all[indices[i + 1]], all[indices[i + 2]]];
      const n = cross(sub(b, a), sub(c, a));
      if (n[0] * normal[0] + n[1] * normal[1] + n[2] * normal[2] >= 0) this.triangle(a, b, c);
      else this.triangle(a, c, b);
    }
  }
}

/** Newell's normal of a polygon in the local frame (east, north, up), not normalised. */
export function newellNormal(ring: Point3[]): Point3 {
  let x = 0, y = 0, z = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    x += (a[1] - b[1]) * (a[2] + b[2]);
    y += (a[2] - b[2]) * (a[0] + b[0]);
    z += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return [x, y, z];
}

function sub(a: Point3, b: Point3): Point3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Point3, b: Point3): Point3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
