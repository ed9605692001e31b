import type { Point2 } from './local-frame.ts';
import { MeshBuilder, type Point3 } from './mesh-builder.ts';
import { oriented } from './polygon.ts';

/** A road strip: each segment of the centre line widened to `width`, lying `lift` above the ground. */
export function addRoad(mesh: MeshBuilder, line: Point2[], width: number, heightAt: (x: number, y: number) => number, lift: number): void {
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = line[i];
    const [bx, by] = line[i + 1];
    const length = Math.hypot(bx - ax, by - ay);
    if (length < 0.01) continue;
    const nx = (-(by - ay) / length) * (width / 2);
    const ny = ((bx - ax) / length) * (width / 2);
    const corner = (x: number, y: number): Point3 => [x, y, heightAt(x, y) + lift];
    mesh.polygon([corner(ax - nx, ay - ny), corner(bx - nx, by - ny), corner(bx + nx, by + ny), corner(ax + nx, ay + ny)]);
  }
}

/** A flat area (water, park) at the ground height of its first corner, `lift` above the ground. */
export function addArea(mesh: MeshBuilder, ring: Point2[], heightAt: (x: number, y: number) => number, lift: number): void {
  if (ring.length < 3) return;
  const z = Math.min(...ring.map(([x, y]) => heightAt(x, y))) + lift;
  mesh.polygon(oriented(ring, true).map(([x, y]) => [x, y, z] as Point3));
}
