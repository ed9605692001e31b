import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Color, InstancedMesh, Matrix4, Scene, Vector3 } from 'three';
import type { RoofSegment } from '../../src/solar-design/face-frame.ts';
import { PanelMeshes, yieldColour } from '../../web/src/wizard/panel-meshes.ts';
import { layoutRoof } from '../../src/solar-design/roof-layout.ts';

const pitch = (30 * Math.PI) / 180;
const faces: Record<string, RoofSegment> = {
  'south, pitched': { normal: [0, Math.cos(pitch), Math.sin(pitch)], pitch: 30, azimuth: 180, area: 0, outline: [[0, 5, 0], [10, 5, 0], [10, 8, -5.196], [0, 8, -5.196]] },
  'north, pitched': { normal: [0, Math.cos(pitch), -Math.sin(pitch)], pitch: 30, azimuth: 0, area: 0, outline: [[10, 5, -10.392], [0, 5, -10.392], [0, 8, -5.196], [10, 8, -5.196]] },
  flat: { normal: [0, 1, 0], pitch: 0, azimuth: 180, area: 0, outline: [[0, 10, 0], [20, 10, 0], [20, 10, -20], [0, 10, -20]] },
};

describe('panel meshes', () => {
  for (const [name, face] of Object.entries(faces)) {
    test(`${name}: every panel is a silver frame with its coloured cells inside, proper rotations and scales (not mirrored inside out), tops along the panel's normal`, () => {
      const scene = new Scene();
      const panels = layoutRoof([face], 45);
      const meshes = new PanelMeshes(scene);
      meshes.show(panels, panels.map(() => 0.75));
      assert.equal(meshes.count, panels.length);
      const [frames, cells] = scene.getObjectByName('solar panels')!.children as InstancedMesh[];
      assert.ok(frames instanceof InstancedMesh && cells instanceof InstancedMesh);
      const [frame, cell, colour] = [new Matrix4(), new Matrix4(), new Color()];
      panels.forEach((panel, i) => {
        frames.getMatrixAt(i, frame);
        cells.getMatrixAt(i, cell);
        const normal = new Vector3(...panel.normal);
        for (const matrix of [frame, cell]) {
          assert.ok(matrix.determinant() > 0, `panel ${i} is mirrored`);
          assert.ok(new Vector3(0, 1, 0).transformDirection(matrix).dot(normal) > 0.999, `panel ${i}'s top faces out of the roof`);
        }
        const [frameSize, cellSize] = [frame, cell].map((m) => new Vector3().setFromMatrixScale(m));
        assert.ok(cellSize.x < frameSize.x - 0.05 && cellSize.z < frameSize.z - 0.05, `panel ${i}: the frame shows around its cells`);
        const top = (m: Matrix4) => new Vector3(0, 0.5, 0).applyMatrix4(m).dot(normal);
        assert.ok(top(cell) > top(frame), `panel ${i}: the cells lie over the frame, not in it`);
        frames.getColorAt(i, colour);
        assert.ok(colour.r > 0.5 && Math.abs(colour.r - colour.b) < 0.1, `panel ${i}'s frame is silver`);
        cells.getColorAt(i, colour);
        assert.ok(colour.r > 0.5 && colour.b < 0.2, `panel ${i}'s cells are red at 75 % of the best`);
      });
    });
  }

  test('colours run from blue (the best) to red (75 % of the best)', () => {
    assert.ok(yieldColour(1).b > 0.5 && yieldColour(1).r < 0.2);
    assert.ok(yieldColour(0.75).r > 0.5 && yieldColour(0.75).b < 0.2);
    assert.ok(yieldColour(0.5).equals(yieldColour(0.75)), 'clamped below the cut-off');
  });
});
