import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InstancedMesh, Matrix4, Scene, Vector3 } from 'three';
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
    test(`${name}: every panel box is a proper rotation and scale (not mirrored inside out), its top along the panel's normal`, () => {
      const scene = new Scene();
      const panels = layoutRoof([face], 45);
      new PanelMeshes(scene).show(panels);
      const mesh = scene.children.find((child): child is InstancedMesh => child instanceof InstancedMesh)!;
      assert.equal(mesh.count, panels.length);
      const matrix = new Matrix4();
      panels.forEach((panel, i) => {
        mesh.getMatrixAt(i, matrix);
        assert.ok(matrix.determinant() > 0, `panel ${i} is mirrored`);
        const top = new Vector3(0, 1, 0).transformDirection(matrix);
        assert.ok(top.dot(new Vector3(...panel.normal)) > 0.999, `panel ${i}'s top faces out of the roof`);
      });
    });
  }

  test('colours run from blue (the best) to red (75 % of the best)', () => {
    assert.ok(yieldColour(1).b > 0.5 && yieldColour(1).r < 0.2);
    assert.ok(yieldColour(0.75).r > 0.5 && yieldColour(0.75).b < 0.2);
    assert.ok(yieldColour(0.5).equals(yieldColour(0.75)), 'clamped below the cut-off');
  });
});
