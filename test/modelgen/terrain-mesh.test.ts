import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HeightGrid } from '../../src/modelgen/terrain/height-grid.ts';
import { GroundOutline } from '../../src/modelgen/terrain/ground-outline.ts';
import { RtinSurface } from '../../src/modelgen/terrain/rtin-surface.ts';

/** Rolling hills on a tilted plane, about ±20 m. */
const hills = (x: number, y: number) => 20 * Math.sin(x / 50) * Math.cos(y / 70) + 0.3 * x;

function surface(elevation: (x: number, y: number) => number, options: Partial<ConstructorParameters<typeof RtinSurface>[1]> = {}) {
  const grid = new HeightGrid(256, 320).sample(elevation);
  return { grid, mesh: new RtinSurface(grid, { maxError: 0.5, maxLegM: 80, outline: new GroundOutline(300), ...options }) };
}

describe('adaptive terrain mesh (RTIN)', () => {
  test('follows the grid within its error bound, with no cracks between triangles', () => {
    const { grid, mesh } = surface(hills);
    let worst = 0;
    for (let j = 0; j <= grid.cells; j++) {
      for (let i = 0; i <= grid.cells; i++) {
        if (Math.hypot(grid.x(i), grid.y(j)) > 300) continue;
        worst = Math.max(worst, Math.abs(mesh.heightAt(grid.x(i), grid.y(j)) - grid.heights[j * grid.side + i]));
      }
    }
    assert.ok(worst <= 0.55, `largest distance from the grid ${worst.toFixed(3)} m`);
    // A crack is a vertex of one triangle lying on another's side: the middle of every side is then
    // not where the surface says the ground is.
    let crack = 0;
    for (const [a, b, c] of mesh.triangles()) {
      for (const [p, q] of [[a, b], [b, c], [c, a]]) {
        const [x, y] = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        if (Math.hypot(x, y) < 290) crack = Math.max(crack, Math.abs(mesh.heightAt(x, y) - (p[2] + q[2]) / 2));
      }
    }
    assert.ok(crack < 1e-3, `a side's middle is ${crack} m off the surface`);
  });

  test('flat land is a few large triangles, relief many; the mesh ends near the clip circle', () => {
    const flat = surface(() => 0).mesh;
    const relief = surface(hills).mesh;
    assert.ok(flat.triangleCount < 150, `${flat.triangleCount} triangles on flat land`);
    assert.ok(relief.triangleCount > 10 * flat.triangleCount, `${relief.triangleCount} on hills`);
    for (const t of flat.triangles()) assert.ok(t.some((p) => Math.hypot(p[0], p[1]) <= 300 + 80 * Math.SQRT2), 'a triangle far outside the circle');
  });

  test('a finer bound where marked gives more triangles there only', () => {
    const coarse = surface(hills, { maxError: 2 });
    const fine = new Uint8Array(coarse.grid.side * coarse.grid.side);
    for (let j = 0; j <= coarse.grid.cells; j++) for (let i = 0; i <= coarse.grid.cells; i++) if (Math.hypot(coarse.grid.x(i) - 100, coarse.grid.y(j)) < 40) fine[j * coarse.grid.side + i] = 1;
    const marked = surface(hills, { maxError: 2, fine, fineError: 0.1 }).mesh;
    const box = { minX: 60, minY: -40, maxX: 140, maxY: 40 };
    const far = { minX: -140, minY: -40, maxX: -60, maxY: 40 };
    const count = (m: RtinSurface, b: typeof box) => [...m.trianglesIn(b)].length;
    assert.ok(count(marked, box) > 2 * count(coarse.mesh, box), `${count(marked, box)} against ${count(coarse.mesh, box)} where marked`);
    assert.ok(count(marked, far) < 1.5 * count(coarse.mesh, far), 'about the same elsewhere');
  });

  test('trianglesIn gives exactly the triangles overlapping the box', () => {
    const { mesh } = surface(hills);
    const box = { minX: -37, minY: 12, maxX: 21, maxY: 64 };
    const overlapping = [...mesh.triangles()].filter((t) => Math.max(...t.map((p) => p[0])) >= box.minX && Math.min(...t.map((p) => p[0])) <= box.maxX && Math.max(...t.map((p) => p[1])) >= box.minY && Math.min(...t.map((p) => p[1])) <= box.maxY);
    const key = (t: readonly (readonly number[])[]) => t.map((p) => p.join(',')).join(';');
    assert.deepEqual(new Set([...mesh.trianglesIn(box)].map(key)), new Set(overlapping.map(key)));
    for (const [a, b, c] of mesh.trianglesIn(box)) assert.ok((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0, 'counter-clockwise seen from above');
  });
});
