import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import type { Point2 } from '../../src/modelgen/geometry/local-frame.ts';
import { pointInRing } from '../../src/modelgen/geometry/polygon.ts';
import { FaceFrame, type RoofSegment } from '../../src/solar-design/face-frame.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL } from '../../src/solar-design/panel-spec.ts';
import { packRectangles, segmentDistance, type PlaneRect, type TilingOption } from '../../src/solar-design/rectangle-packing.ts';
import { layoutRoof } from '../../src/solar-design/roof-layout.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';

const { width: W, length: L } = DEFAULT_PANEL;
const GAP = DEFAULT_LAYOUT.gap;
const TILINGS: TilingOption[] = [
  { width: W, height: L, columnPitch: W + GAP, rowPitch: L + GAP, label: 'portrait' },
  { width: L, height: W, columnPitch: L + GAP, rowPitch: W + GAP, label: 'landscape' },
];

/** Checks what every layout must hold: inside the face, outside the setback, no two panels overlapping. */
function assertValidLayout(rects: PlaneRect[], ring: Point2[], setback: number, what: string): void {
  for (const rect of rects) {
    const corners: Point2[] = [[rect.u, rect.v], [rect.u + rect.width, rect.v], [rect.u + rect.width, rect.v + rect.height], [rect.u, rect.v + rect.height]];
    for (const corner of corners) assert.ok(pointInRing(corner, ring), `${what}: corner ${corner} outside the face`);
    for (let i = 0; i < ring.length; i++) {
      for (let k = 0; k < 4; k++) {
        const d = segmentDistance(corners[k], corners[(k + 1) % 4], ring[i], ring[(i + 1) % ring.length]);
        assert.ok(d >= setback - 1e-6, `${what}: a panel is ${d.toFixed(3)} m from an edge (setback ${setback})`);
      }
    }
  }
  // Neighbours by a 3 m grid (larger than any panel), so the check stays fast on big footprints.
  const cells = new Map<string, number[]>();
  rects.forEach((rect, i) => {
    const key = `${Math.floor(rect.u / 3)},${Math.floor(rect.v / 3)}`;
    cells.set(key, [...(cells.get(key) ?? []), i]);
  });
  for (let i = 0; i < rects.length; i++) {
    const [cu, cv] = [Math.floor(rects[i].u / 3), Math.floor(rects[i].v / 3)];
    const near = [-1, 0, 1].flatMap((du) => [-1, 0, 1].flatMap((dv) => cells.get(`${cu + du},${cv + dv}`) ?? []));
    for (const j of near) {
      if (j <= i) continue;
      const [a, b] = [rects[i], rects[j]];
      const overlapU = Math.min(a.u + a.width, b.u + b.width) - Math.max(a.u, b.u);
      const overlapV = Math.min(a.v + a.height, b.v + b.height) - Math.max(a.v, b.v);
      assert.ok(overlapU <= 1e-9 || overlapV <= 1e-9, `${what}: panels ${i} and ${j} overlap`);
    }
  }
}

describe('packing panels on a roof face', () => {
  test('a 10 × 6 m face holds 20 landscape panels (hand count: 5 across × 4 up beats 7 × 2 portrait)', () => {
    const ring: Point2[] = [[0, 0], [10, 0], [10, 6], [0, 6]];
    const packing = packRectangles(ring, 0.5, TILINGS)!;
    // Usable 9 × 5 m. Portrait: ⌊9.02 / 1.154⌋ = 7 across, ⌊5.02 / 1.782⌋ = 2 up = 14.
    // Landscape: ⌊9.02 / 1.782⌋ = 5 across, ⌊5.02 / 1.154⌋ = 4 up = 20.
    assert.equal(packing.rects.length, 20);
    assert.equal(packing.option.label, 'landscape');
    assertValidLayout(packing.rects, ring, 0.5, 'rectangle');
  });

  test('a larger setback or a smaller face holds fewer; a face smaller than a panel holds none', () => {
    const ring: Point2[] = [[0, 0], [10, 0], [10, 6], [0, 6]];
    assert.equal(packRectangles(ring, 1, TILINGS)!.rects.length, 12, 'usable 8 × 4: 4 × 3 landscape = 12 (portrait 6 × 2 = 12)');
    assert.equal(packRectangles([[0, 0], [2, 0], [2, 2], [0, 2]], 0.5, TILINGS), undefined);
  });

  test('an L-shaped face: the inner corner keeps its setback, and the count is at least the two arms’', () => {
    const ring: Point2[] = [[0, 0], [12, 0], [12, 5], [5, 5], [5, 12], [0, 12]];
    const packing = packRectangles(ring, 0.5, TILINGS)!;
    assertValidLayout(packing.rects, ring, 0.5, 'L-shape');
    // The 12 × 5 arm alone holds ⌊11.02 / 1.154⌋ × ⌊4.02 / 1.782⌋ = 9 × 2 = 18 portrait panels.
    assert.ok(packing.rects.length >= 18 + 4, `${packing.rects.length} panels`);
  });

  const FILE = 'roofs/skeleton-regressions.json';
  const footprints = sharedDataFile(FILE);
  test('openings in a face (a courtyard, a chimney-sized hole) get no panel, and the courtyard keeps its setback', () => {
    const ring: Point2[] = [[0, 0], [20, 0], [20, 20], [0, 20]];
    const courtyard: Point2[] = [[7, 7], [7, 13], [13, 13], [13, 7]];
    const chimney: Point2[] = [[3, 16.5], [3, 16.6], [3.1, 16.6], [3.1, 16.5]];
    const whole = packRectangles(ring, 0.5, TILINGS)!;
    const packing = packRectangles(ring, 0.5, TILINGS, [courtyard, chimney])!;
    assert.ok(packing.rects.length < whole.rects.length && packing.rects.length > 0.6 * whole.rects.length, `${packing.rects.length} panels around the openings, ${whole.rects.length} without`);
    assertValidLayout(packing.rects, ring, 0.5, 'holed face');
    for (const rect of packing.rects) {
      const corners: Point2[] = [[rect.u, rect.v], [rect.u + rect.width, rect.v], [rect.u + rect.width, rect.v + rect.height], [rect.u, rect.v + rect.height]];
      for (const hole of [courtyard, chimney]) {
        assert.ok(hole.every(([x, y]) => !(x > rect.u && x < rect.u + rect.width && y > rect.v && y < rect.v + rect.height)), 'no opening under a panel');
        for (let i = 0; i < hole.length; i++) {
          for (let k = 0; k < 4; k++) assert.ok(segmentDistance(corners[k], corners[(k + 1) % 4], hole[i], hole[(i + 1) % hole.length]) >= 0.5 - 1e-6, 'the setback from an opening');
        }
      }
    }
  });

  test('171 real OSM footprints: every layout inside its face, clear of the setback, without overlaps', { skip: footprints ? false : missingSharedData(FILE) }, () => {
    const cases = JSON.parse(fs.readFileSync(footprints!, 'utf8')) as Record<string, { outer: Point2[] }>;
    let placed = 0;
    let faces = 0;
    for (const [id, { outer }] of Object.entries(cases)) {
      const packing = packRectangles(outer, 0.5, TILINGS);
      if (!packing) continue;
      faces++;
      placed += packing.rects.length;
      assertValidLayout(packing.rects, outer, 0.5, `way ${id}`);
    }
    assert.ok(faces > 100 && placed > 2000, `${placed} panels on ${faces} footprints`);
  });
});

describe('panels on pitched and flat roofs in 3D', () => {
  const southFace: RoofSegment = {
    normal: [0, Math.cos((30 * Math.PI) / 180), Math.sin((30 * Math.PI) / 180)],
    pitch: 30,
    azimuth: 180,
    area: 0,
    // 10 m wide along x, 6 m up the slope rising toward the north (−z), eave at y = 5.
    outline: [[0, 5, 0], [10, 5, 0], [10, 5 + 6 * Math.sin(Math.PI / 6), -6 * Math.cos(Math.PI / 6)], [0, 5 + 6 * Math.sin(Math.PI / 6), -6 * Math.cos(Math.PI / 6)]],
  };

  test('a south face 30° pitched: flush panels facing south, lying in the roof plane lifted 10 cm', () => {
    const panels = layoutRoof([southFace], 45);
    assert.equal(panels.length, 20);
    const frame = new FaceFrame(southFace, [0, 0, 1]);
    for (const panel of panels) {
      assert.equal(panel.tiltDeg, 30);
      assert.equal(panel.azimuthDeg, 180);
      const offset = [0, 1, 2].map((k) => panel.centre[k] - frame.origin[k]);
      const height = offset[0] * frame.normal[0] + offset[1] * frame.normal[1] + offset[2] * frame.normal[2];
      assert.ok(Math.abs(height - 0.1) < 1e-9, `panel ${height} m above the roof`);
      assert.ok(panel.up[1] > 0 && panel.up[2] < 0, 'the panel rises toward the north ridge');
    }
  });

  test('a flat roof: racks tilted toward the equator, rows spaced for the winter-solstice noon sun', () => {
    const flat: RoofSegment = { normal: [0, 1, 0], pitch: 0, azimuth: 180, area: 400, outline: [[0, 10, 0], [20, 10, 0], [20, 10, -20], [0, 10, -20]] };
    const north = layoutRoof([flat], 45);
    const south = layoutRoof([flat], -33);
    assert.ok(north.length > 0 && south.length > 0);
    const tilt = DEFAULT_LAYOUT.flatRoofTiltDeg;
    for (const panel of north) {
      assert.equal(panel.azimuthDeg, 180);
      assert.ok(Math.abs(Math.acos(panel.normal[1]) * (180 / Math.PI) - tilt) < 1e-9, 'tilted by the rack angle');
      assert.ok(panel.normal[2] > 0, 'facing south (+Z)');
    }
    assert.ok(south.every((panel) => panel.azimuthDeg === 0 && panel.normal[2] < 0), 'facing north south of the equator');
    // Row spacing: the next row starts where the winter-noon shadow of the previous one ends.
    const rows = [...new Set(north.map((panel) => Math.round(panel.centre[2] * 1000) / 1000))].sort((a, b) => a - b);
    const along = north[0].height;
    const alpha = (90 - 45 - 23.44) * (Math.PI / 180);
    const expected = along * Math.cos((tilt * Math.PI) / 180) + (along * Math.sin((tilt * Math.PI) / 180)) / Math.tan(alpha);
    assert.ok(Math.abs(rows[1] - rows[0] - expected) < 1e-3, `rows ${(rows[1] - rows[0]).toFixed(3)} m apart, expected ${expected.toFixed(3)}`);
  });

  test('a gently sloping face falling north or east: racks still tilt 15° toward the equator, rows run east–west', () => {
    const deg = Math.PI / 180;
    for (const [pitch, azimuth] of [[6, 0], [7.8, 90], [3.5, 315]]) {
      // The face's normal leans toward where it falls: azimuth 0 = north (−Z), 90 = east (+X).
      const lean = Math.sin(pitch * deg);
      const normal: [number, number, number] = [lean * Math.sin(azimuth * deg), Math.cos(pitch * deg), -lean * Math.cos(azimuth * deg)];
      const height = (x: number, z: number) => 10 - (normal[0] * x + normal[2] * z) / normal[1];
      const outline: [number, number, number][] = [[0, height(0, 0), 0], [20, height(20, 0), 0], [20, height(20, -20), -20], [0, height(0, -20), -20]];
      const panels = layoutRoof([{ normal, pitch, azimuth, area: 400, outline }], 47);
      assert.ok(panels.length > 20, `${pitch}° facing ${azimuth}°: ${panels.length} racks`);
      for (const panel of panels) {
        assert.equal(panel.tiltDeg, DEFAULT_LAYOUT.flatRoofTiltDeg);
        assert.equal(panel.azimuthDeg, 180);
        const tilt = Math.acos(panel.normal[1]) / deg;
        const facing = (Math.atan2(panel.normal[0], -panel.normal[2]) / deg + 360) % 360;
        assert.ok(Math.abs(tilt - 15) < 1e-6 && Math.abs(facing - 180) < 1e-6, `${pitch}° facing ${azimuth}°: a rack tilts ${tilt.toFixed(2)}° facing ${facing.toFixed(1)}°`);
        assert.ok(Math.abs(panel.across[2]) < 0.15, 'rows run east–west');
      }
    }
  });
});


test('a dome is drawn of facets marked curved, and no panel is laid on them; a pyramid on the same drum takes panels', async () => {
  const { buildBuildingMesh } = await import('../../src/modelgen/geometry/building-mesh.ts');
  const { buildingHeights } = await import('../../src/modelgen/geometry/building-heights.ts');
  // A round drum 24 m across: the size of St Paul's dome, whose facets took 54 panels facing every way.
  const outer: Point2[] = Array.from({ length: 24 }, (_, k) => [12 * Math.cos((k * Math.PI) / 12), 12 * Math.sin((k * Math.PI) / 12)]);
  const segmentsOf = (shape: string) => {
    const tags = { building: 'yes', height: '30', 'roof:shape': shape, 'roof:height': '10' };
    return buildBuildingMesh({ outer, inners: [] }, buildingHeights(tags, 24), 0, tags).roofFaces.flatMap((face) => face.segments) as RoofSegment[];
  };
  const dome = segmentsOf('dome');
  assert.ok(dome.length > 50 && dome.every((segment) => segment.curved), `${dome.length} facets, all curved`);
  assert.deepEqual(layoutRoof(dome, 51.5), []);
  const pyramid = segmentsOf('pyramidal');
  assert.ok(pyramid.every((segment) => !segment.curved));
  assert.ok(layoutRoof(pyramid, 51.5).length > 20, 'a roof of planes of the same size takes panels');
});
