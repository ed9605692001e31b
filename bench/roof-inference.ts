/**
 * Roof inference measured with the tags taken away. For every building with a mapped `roof:shape` in
 * the recorded OSM extracts, the roof is inferred without its roof tags and compared with the mapping:
 *
 * - "rules only": every roof tag of the extract removed (nothing mapped nearby to learn the local style);
 * - "with mapped neighbours": only the building's own roof tags removed (leave-one-out: the other
 *   mapped roofs around it give the local style, as they do in a real model);
 * - "in a 0.3 km model around it": the same, but with only the buildings a 0.3 km model centred on it
 *   holds (a homeowner's embed at their address), whose mapped roofs are all the local style it has; and
 *   again with only one in eight of those roofs left mapped, as in the many places where few are.
 *
 * Shape classes: flat, gabled, hipped, other pitched. Ridge direction: for gabled roofs inferred gabled,
 * the angle between the inferred ridge and the mapped one (long side, or across it with
 * `roof:orientation=across`). Also measured against the NRW LoD2 tiles' measured roof types, inferring
 * from the footprint and the building function alone, and the inferred pitches against the tiles' measured
 * roof planes. "Today" is the rule the generator had before
 * inference (house types gabled, everything else flat).
 *
 *   node bench/roof-inference.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { assembleFeatures } from '../src/modelgen/features/assemble-features.ts';
import { LocalFrame, type Point2 } from '../src/modelgen/geometry/local-frame.ts';
import { cleanRing, oriented } from '../src/modelgen/geometry/polygon.ts';
import { ridgeAcross } from '../src/modelgen/geometry/roofs/build-roof.ts';
import { OsmData } from '../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../src/modelgen/osm/read-osm-file.ts';
import { footprintShape } from '../src/modelgen/roof-inference/footprint-shape.ts';
import { type RoofClass, roofClass, roofContexts } from '../src/modelgen/roof-inference/roof-context.ts';
import { decideRoof } from '../src/modelgen/roof-inference/roof-decision.ts';
import { metricRing, pitchAzimuth, planeOf } from '../src/modelgen/lod2/polygon-3d.ts';
import { readLod2File } from '../src/modelgen/lod2/read-lod2-file.ts';
import { ADV_FUNCTION_TO_OSM, ADV_ROOF_TO_OSM, readNrwTile } from './nrw-footprints.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM data) is absent.`);
  process.exit(0);
}
const PLACES = ['liechtenstein-2024-03-04.osm.pbf', 'moscow-danilovsky.osm.gz', 'sergiev-posad-lavra.osm.gz', 'helsinki-centre-2019.osm.pbf', 'berlin-siegessaeule.osm.gz'];
const CLASSES: RoofClass[] = ['flat', 'gabled', 'hipped', 'other'];
/** The radius of the model in the third mode, metres (the API's default radius). */
const MODEL_RADIUS_M = 300;
/** The generator's rule before inference. */
const TODAY: Record<string, string> = { house: 'gabled', detached: 'gabled', semidetached_house: 'gabled', farm: 'gabled', barn: 'gabled', bungalow: 'hipped', hut: 'gabled', cabin: 'gabled' };

type Matrix = Record<RoofClass, Record<RoofClass, number>>;
const emptyMatrix = (): Matrix => Object.fromEntries(CLASSES.map((t) => [t, Object.fromEntries(CLASSES.map((p) => [p, 0]))])) as Matrix;
const stripRoofTags = (tags: Record<string, string>) => Object.fromEntries(Object.entries(tags).filter(([k]) => !k.startsWith('roof:')));
const pitchedRight = (m: Matrix) => CLASSES.reduce((s, t) => s + CLASSES.reduce((u, p) => u + ((t === 'flat') === (p === 'flat') ? m[t][p] : 0), 0), 0);
const classRight = (m: Matrix) => CLASSES.reduce((s, c) => s + m[c][c], 0);
const total = (m: Matrix) => CLASSES.reduce((s, t) => s + CLASSES.reduce((u, p) => u + m[t][p], 0), 0);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');

function matrixTable(m: Matrix): string {
  const rows = [`| mapped ↓ / inferred → | ${CLASSES.join(' | ')} |`, `|---|${CLASSES.map(() => '---:').join('|')}|`];
  for (const t of CLASSES) rows.push(`| ${t} | ${CLASSES.map((p) => m[t][p]).join(' | ')} |`);
  return rows.join('\n');
}

/** Angle between two lines, degrees 0–90. */
function lineAngle(a: Point2, b: Point2): number {
  const cos = Math.abs(a[0] * b[0] + a[1] * b[1]) / (Math.hypot(...a) * Math.hypot(...b));
  return (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
}

const summary: string[] = ['| place | mapped roofs | mode | flat vs pitched | shape class | gabled ridge within 15° |', '|---|---:|---|---:|---:|---:|'];
const details: string[] = [];
for (const file of PLACES) {
  const features = assembleFeatures(new OsmData(readOsmFile(path.join(SHARED, 'osm', file))));
  const buildings = features.buildings.filter((b) => b.kind === 'building');
  const first = buildings[0].outer[0];
  const frame = new LocalFrame(first[1], first[0]);
  const prepared = buildings
    .map((b) => ({ tags: b.tags, outer: oriented(cleanRing(b.outer.map(([lon, lat]) => frame.toLocal(lon, lat))), true), inners: b.inners.map((r) => oriented(cleanRing(r.map(([lon, lat]) => frame.toLocal(lon, lat))), false)).filter((r) => r.length >= 3) }))
    .filter((b) => b.outer.length >= 3);
  const withAlong = prepared.map((b) => ({ ...b, along: footprintShape(b.outer).along }));
  const targets = prepared.map((b, i) => i).filter((i) => prepared[i].tags['roof:shape'] && prepared[i].tags['roof:shape'] !== 'yes');
  const modes = {
    today: undefined,
    'rules only': roofContexts(withAlong.map((b) => ({ ...b, tags: stripRoofTags(b.tags) }))),
    'with mapped neighbours': roofContexts(withAlong),
    'in a 0.3 km model around it': inModel(withAlong, targets, 1),
    'in a 0.3 km model, 1 in 8 of its roofs mapped': inModel(withAlong, targets, 8),
  };
  for (const [mode, contexts] of Object.entries(modes)) {
    const matrix = emptyMatrix();
    let ridgeRight = 0;
    let ridgeCount = 0;
    for (const i of targets) {
      const b = prepared[i];
      const truth = roofClass(b.tags['roof:shape']);
      const stripped = stripRoofTags(b.tags);
      const decided = contexts ? decideRoof(stripped, b.outer, b.inners, contexts[i]).tags : { ...stripped, 'roof:shape': TODAY[stripped.building] ?? 'flat' };
      const predicted = roofClass(decided['roof:shape']);
      matrix[truth][predicted] += 1;
      if (truth === 'gabled' && predicted === 'gabled') {
        const across = (ring: Point2[], value: string | undefined) => ridgeAcross(ring, value === 'across');
        ridgeCount += 1;
        if (lineAngle(across(b.outer, b.tags['roof:orientation']), across(b.outer, decided['roof:orientation'])) <= 15) ridgeRight += 1;
      }
    }
    const n = total(matrix);
    summary.push(`| ${file.split(/[-.]/)[0]} | ${n} | ${mode} | ${pct(pitchedRight(matrix), n)} | ${pct(classRight(matrix), n)} | ${pct(ridgeRight, ridgeCount)} (${ridgeRight}/${ridgeCount}) |`);
    if (mode !== 'today') details.push(`**${file}, ${mode}** (${n} buildings)\n\n${matrixTable(matrix)}\n`);
  }
}

/**
 * Each target's context as a model centred on it has it (a homeowner's embed at their address): only the
 * buildings within MODEL_RADIUS_M of it, its own roof tags removed.
 */
function inModel(footprints: { outer: Point2[]; tags: Record<string, string>; along: Point2 }[], targets: number[], oneIn: number): ReturnType<typeof roofContexts> {
  const contexts: ReturnType<typeof roofContexts> = [];
  for (const i of targets) {
    const [x, y] = footprints[i].outer[0];
    const around = footprints.map((f, k) => k).filter((k) => footprints[k].outer.some(([px, py]) => Math.hypot(px - x, py - y) <= MODEL_RADIUS_M));
    // Where few roofs are mapped (most places), the roof tags of all but one building in `oneIn` are taken away.
    const mapped = (k: number) => k !== i && (k * 2654435761) % 2 ** 32 % oneIn === 0;
    const subset = around.map((k) => (mapped(k) ? footprints[k] : { ...footprints[k], tags: stripRoofTags(footprints[k].tags) }));
    contexts[i] = roofContexts(subset)[around.indexOf(i)];
  }
  return contexts;
}

/** What the bench reads of a measured roof: its pitch, the axis its slopes face and its ground outline. */
interface MeasuredRoof {
  /** Area-weighted mean pitch of the sloped roof polygons (5–80°). */
  pitch?: number;
  /** Unit axis (east, north) the sloped polygons face, area-weighted, for the ridge across it. */
  slopeAxis?: Point2;
  /** The largest ground polygon, metres east and north of its first vertex. */
  ground?: Point2[];
}

/** Each measured building's roof, read with the generator's own LoD2 reader. */
async function measuredRoofs(file: string): Promise<Map<string, MeasuredRoof>> {
  const roofs = new Map<string, MeasuredRoof>();
  for (const building of (await readLod2File(file)).buildings) {
    let area = 0;
    let weighted = 0;
    // Axes are added as doubled angles, so that opposite faces of one ridge add up instead of cancelling.
    let axisCos = 0;
    let axisSin = 0;
    let ground: { ring: Point2[]; area: number } | undefined;
    for (const polygon of building.polygons) {
      const plane = planeOf(metricRing(polygon.outer));
      if (polygon.kind === 'ground' && plane.area > (ground?.area ?? 0)) ground = { ring: metricRing(polygon.outer).map(([x, y]) => [x, y] as Point2), area: plane.area };
      if (polygon.kind !== 'roof') continue;
      const { pitch, azimuth } = pitchAzimuth(plane.normal);
      if (pitch < 5 || pitch > 80) continue;
      area += plane.area;
      weighted += plane.area * pitch;
      const doubled = (2 * azimuth * Math.PI) / 180;
      axisCos += plane.area * Math.cos(doubled);
      axisSin += plane.area * Math.sin(doubled);
    }
    const axis = Math.atan2(axisSin, axisCos) / 2;
    roofs.set(building.id, {
      pitch: area > 0 ? weighted / area : undefined,
      slopeAxis: area > 0 ? [Math.sin(axis), Math.cos(axis)] : undefined,
      ground: ground && ground.ring.length >= 3 ? oriented(cleanRing(ground.ring), true) : undefined,
    });
  }
  return roofs;
}

const nrwRows: string[] = ['| tile | buildings | flat vs pitched right | today | shape class right | inferred pitch against measured: within 5° / 10°, mean error | gabled ridge within 15° of the measured one |', '|---|---:|---:|---:|---:|---:|---:|'];
const nrwDetails: string[] = [];
for (const tile of ['nrw-LoD2_32_329_5725_1_NW.gml.gz', 'nrw-LoD2_32_356_5655_1_NW.gml.gz']) {
  // Every footprint of the tile is a neighbour (shared walls), as in a model; only buildings with a known
  // function and a single measured roof type are scored.
  const all = readNrwTile(path.join(SHARED, 'lod2', tile));
  const measuredRoof = await measuredRoofs(path.join(SHARED, 'lod2', tile));
  const origin = all[0].outer[0];
  const footprints = all
    .map((b) => {
      const outer = oriented(cleanRing(b.outer.map(([e, n]) => [e - origin[0], n - origin[1]] as Point2)), true);
      const measured = ADV_ROOF_TO_OSM[b.roofType];
      const scored = Boolean(ADV_FUNCTION_TO_OSM[b.functionCode]) && !['mixed', 'other'].includes(measured ?? 'other');
      return { tags: { building: ADV_FUNCTION_TO_OSM[b.functionCode] ?? 'yes' }, outer, along: footprintShape(outer).along, scored, truth: measured === 'flat' ? 'flat' : 'pitched', truthClass: roofClass(measured ?? 'other'), roof: measuredRoof.get(b.id) };
    })
    .filter((b) => b.outer.length >= 3);
  const allContexts = roofContexts(footprints);
  const prepared = footprints.filter((b) => b.scored);
  const contexts = footprints.flatMap((b, i) => (b.scored ? [allContexts[i]] : []));
  const m: Record<string, Record<string, number>> = { flat: { flat: 0, pitched: 0 }, pitched: { flat: 0, pitched: 0 } };
  let today = 0;
  const classes = emptyMatrix();
  // Pitch errors of the roofs measured pitched (gabled, hipped, half-hipped) and inferred pitched.
  const pitchErrors: number[] = [];
  let ridgeRight = 0;
  let ridgeCount = 0;
  prepared.forEach((b, i) => {
    const decided = decideRoof(b.tags, b.outer, [], contexts[i]).tags;
    const shape = decided['roof:shape'];
    const measured = b.roof;
    if (['gabled', 'hipped'].includes(b.truthClass) && shape !== 'flat' && measured?.pitch !== undefined) pitchErrors.push(Math.abs(Number(decided['roof:angle']) - measured.pitch));
    // The inferred ridge (along or across the footprint) laid on the measured ground outline, in the frame of the measured planes.
    if (b.truthClass === 'gabled' && shape === 'gabled' && measured?.slopeAxis && measured.ground) {
      ridgeCount += 1;
      if (lineAngle(ridgeAcross(measured.ground, decided['roof:orientation'] === 'across'), measured.slopeAxis) <= 15) ridgeRight += 1;
    }
    m[b.truth][shape === 'flat' ? 'flat' : 'pitched'] += 1;
    classes[b.truthClass][roofClass(shape)] += 1;
    if ((b.truth === 'flat') === !TODAY[b.tags.building]) today += 1;
  });
  const n = prepared.length;
  const within = (degrees: number) => pitchErrors.filter((e) => e <= degrees).length;
  const meanError = pitchErrors.reduce((sum, e) => sum + e, 0) / pitchErrors.length;
  const pitchCell = `${pct(within(5), pitchErrors.length)} / ${pct(within(10), pitchErrors.length)} of ${pitchErrors.length}, ${meanError.toFixed(1)}°`;
  nrwRows.push(`| ${tile} | ${n} | ${pct(m.flat.flat + m.pitched.pitched, n)} (measured flat → inferred flat ${m.flat.flat}, → pitched ${m.flat.pitched}; measured pitched → flat ${m.pitched.flat}, → pitched ${m.pitched.pitched}) | ${pct(today, n)} | ${pct(classRight(classes), n)} | ${pitchCell} | ${pct(ridgeRight, ridgeCount)} (${ridgeRight}/${ridgeCount}) |`);
  nrwDetails.push(`**${tile}** (${n} buildings; rows: measured, columns: inferred)\n\n${matrixTable(classes)}\n`);
}

console.log(`\n${new Date().toISOString().slice(0, 10)} · Node ${process.version}\n`);
console.log(summary.join('\n'));
console.log('\nNRW LoD2 tiles (measured roofType; roofType 5000 mixed and 9999 other left out; inferred from footprint and function only):\n');
console.log(nrwRows.join('\n'));
console.log(`\n${nrwDetails.join('\n')}`);
console.log('\nConfusion matrices (rows: mapped; columns: inferred):\n');
console.log(details.join('\n'));
