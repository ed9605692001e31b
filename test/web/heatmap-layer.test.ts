import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Group, Scene, type Camera, type Material, type Object3D, type WebGLRenderer } from 'three';
import { HeatmapLayer } from '../../web/src/insight/heatmap-layer.ts';
import { OVER_LAYER } from '../../web/src/viewer/over-draw.ts';

/** A row of `count` cells on level ground, a metre apart. */
function cells(count: number) {
  const centres = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) centres[i * 3] = i;
  return {
    count,
    centres,
    normals: new Float32Array(count * 3).map((_, k) => (k % 3 === 1 ? 1 : 0)),
    across: new Float32Array(count * 3).map((_, k) => (k % 3 === 0 ? 1 : 0)),
    sizes: new Float32Array(count).fill(1),
    kinds: new Uint8Array(count),
  };
}

/** The cells a mesh of the layer draws: its triangles' first corners, a quad's vertex 4 × cell. */
function drawnCells(mesh: { geometry: { index: { array: ArrayLike<number> } | null; drawRange: { start: number; count: number } } }): number[] {
  const index = mesh.geometry.index!.array;
  const { start, count } = mesh.geometry.drawRange;
  const cellsDrawn = new Set<number>();
  for (let k = start; k < Math.min(start + count, index.length); k += 3) cellsDrawn.add(Math.floor(index[k] / 4));
  return [...cellsDrawn].sort((a, b) => a - b);
}

/** What three.js does after drawing a mesh (its `onAfterRender`), as in a frame. */
function drawn(mesh: Object3D): void {
  mesh.onAfterRender({} as WebGLRenderer, new Scene(), {} as Camera, (mesh as Object3D & { geometry: never }).geometry, {} as Material, new Group());
}

describe('the heatmap layer: only computed cells drawn, only recoloured cells drawn again', () => {
  test('cells not computed yet are not drawn; each repaint lists the cells in a new colour until a frame draws them', () => {
    const layer = new HeatmapLayer(cells(6));
    const values = [100, Number.NaN, 300, Number.NaN, Number.NaN, 600];
    assert.equal(layer.paint((cell) => values[cell], 0, 600), 3);
    assert.deepEqual(drawnCells(layer.mesh as never), [0, 2, 5], 'the computed cells');
    assert.deepEqual(drawnCells(layer.changed as never), [0, 2, 5], 'all three are new');
    values[3] = 400;
    assert.equal(layer.paint((cell) => values[cell], 0, 600), 4, 'not drawn yet: the earlier ones still wait');
    drawn(layer.changed);
    assert.deepEqual(drawnCells(layer.changed as never), [], 'drawn over the view: nothing waits');
    assert.equal(layer.paint((cell) => values[cell], 0, 600), 0, 'the same colours again: nothing to draw');
    values[4] = 500;
    assert.equal(layer.paint((cell) => values[cell], 0, 600), 1);
    assert.deepEqual(drawnCells(layer.changed as never), [4]);
    assert.deepEqual(drawnCells(layer.mesh as never), [0, 2, 3, 4, 5]);
    drawn(layer.mesh);
    assert.deepEqual(drawnCells(layer.changed as never), [], 'a whole frame drew the heatmap too');
    assert.equal(layer.paint((cell) => values[cell], 0, 1200), 5, 'another scale (a month): every shown cell is recoloured');
  });

  test('the changed cells are on the over-draw layer only; put back in a scene, every shown cell is to be drawn', () => {
    const layer = new HeatmapLayer(cells(4));
    assert.equal(layer.changed.layers.isEnabled(OVER_LAYER), true);
    assert.equal(layer.changed.layers.isEnabled(0), false, 'whole frames never draw them twice');
    assert.equal(layer.mesh.layers.isEnabled(0), true);
    layer.paint((cell) => (cell < 2 ? 100 : Number.NaN), 0, 600);
    drawn(layer.mesh);
    const scene = new Scene();
    layer.addTo(scene);
    assert.deepEqual(drawnCells(layer.changed as never), [0, 1], 'the view on screen shows none of them yet');
    layer.removeFromScene();
    assert.equal(scene.children.length, 0);
  });

  test('many cells in a new colour are drawn over the view in parts, a frame each, until none waits', () => {
    const layer = new HeatmapLayer(cells(1500));
    let more = 0;
    layer.onMore = () => more++;
    assert.equal(layer.paint(() => 300, 0, 600), 1500);
    const parts: number[][] = [];
    for (let frame = 0; frame < 5 && drawnCells(layer.changed as never).length > 0; frame++) {
      const part = drawnCells(layer.changed as never);
      parts.push([part[0], part.length]);
      drawn(layer.changed);
    }
    assert.deepEqual(parts, [[0, 600], [600, 600], [1200, 300]], 'three parts, in order');
    assert.equal(more, 2, 'the next frame asked for twice');
    assert.equal(layer.paint(() => 300, 0, 600), 0, 'all drawn');
  });
});
