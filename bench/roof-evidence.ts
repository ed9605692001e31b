/**
 * Does the untagged morphology around a building tell its roof? For every scored building of the seven
 * places (the OSM extracts' mapped roofs with every roof tag taken away; the NRW tiles' measured roofs,
 * from footprint and function), the evidence of bench/roof-evidence-features.ts is measured and:
 *
 * 1. each rule of thumb (hypothesis) is applied on top of the shipped rules, and its gain or loss in
 *    flat-vs-pitched and in shape class is counted place by place;
 * 2. leave-one-place-out: rules of one condition on that evidence ("house types with more than x m of
 *    shared wall → pitched") are chosen greedily on six places (no place made worse, a gain in at least
 *    two) and applied to the seventh, which they were not chosen on.
 *
 *   node bench/roof-evidence.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { assembleFeatures } from '../src/modelgen/features/assemble-features.ts';
import { relationPolygons } from '../src/modelgen/features/multipolygon.ts';
import { LocalFrame, type Point2 } from '../src/modelgen/geometry/local-frame.ts';
import { cleanRing, oriented } from '../src/modelgen/geometry/polygon.ts';
import { OsmData } from '../src/modelgen/osm/osm-elements.ts';
import { readOsmFile } from '../src/modelgen/osm/read-osm-file.ts';
import { type RoofClass, roofClass } from '../src/modelgen/roof-inference/roof-context.ts';
import { ADV_FUNCTION_TO_OSM, ADV_ROOF_TO_OSM, readNrwTile } from './nrw-footprints.ts';
import { type Evidence, type Landuse, type PlaceFootprint, placeEvidence, ringArea } from './roof-evidence-features.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
if (!fs.existsSync(SHARED)) {
  console.log(`Skipped: ${SHARED} (recorded OSM data) is absent.`);
  process.exit(0);
}
const OSM_PLACES: [string, string][] = [['Liechtenstein', 'liechtenstein-2024-03-04.osm.pbf'], ['Moscow', 'moscow-danilovsky.osm.gz'], ['Sergiev Posad', 'sergiev-posad-lavra.osm.gz'], ['Helsinki', 'helsinki-centre-2019.osm.pbf'], ['Berlin', 'berlin-siegessaeule.osm.gz']];
const NRW_PLACES: [string, string][] = [['Wesel', 'nrw-LoD2_32_329_5725_1_NW.gml.gz'], ['Köln', 'nrw-LoD2_32_356_5655_1_NW.gml.gz']];
const PLACES = ['Liechtenstein', 'Wesel', 'Köln', 'Moscow', 'Sergiev Posad', 'Helsinki', 'Berlin'];

const rows: Evidence[] = [];
for (const [place, file] of OSM_PLACES) {
  const data = new OsmData(readOsmFile(path.join(SHARED, 'osm', file)));
  const buildings = assembleFeatures(data).buildings.filter((b) => b.kind === 'building');
  const frame = new LocalFrame(buildings[0].outer[0][1], buildings[0].outer[0][0]);
  const local = (ring: [number, number][]) => ring.map(([lon, lat]) => frame.toLocal(lon, lat));
  const footprints: PlaceFootprint[] = buildings
    .map((b) => ({ tags: b.tags, outer: oriented(cleanRing(local(b.outer)), true), inners: b.inners.map((r) => oriented(cleanRing(local(r)), false)).filter((r) => r.length >= 3) }))
    .filter((b) => b.outer.length >= 3)
    .map((b) => ({ ...b, ...(b.tags['roof:shape'] && b.tags['roof:shape'] !== 'yes' ? { truth: roofClass(b.tags['roof:shape']) } : {}) }));
  // Landuse is not a feature the generator reads: it is taken from the extract here to see whether it would help.
  const landuse: Landuse[] = [];
  for (const way of data.ways.values()) {
    const points = way.nodes.map((id) => data.nodes.get(id));
    if (!way.tags?.landuse || way.nodes.length < 4 || way.nodes[0] !== way.nodes.at(-1) || points.some((p) => !p)) continue;
    const ring = local(points.map((p) => [p!.lon, p!.lat]));
    landuse.push({ value: way.tags.landuse, ring, area: ringArea(ring) });
  }
  for (const relation of data.relations.values()) {
    if (!relation.tags?.landuse || relation.tags.type !== 'multipolygon') continue;
    for (const polygon of relationPolygons(data, relation)) {
      const ring = local(polygon.outer);
      landuse.push({ value: relation.tags.landuse, ring, area: ringArea(ring) });
    }
  }
  rows.push(...placeEvidence(place, footprints, landuse));
}
for (const [place, tile] of NRW_PLACES) {
  const all = readNrwTile(path.join(SHARED, 'lod2', tile));
  const origin = all[0].outer[0];
  const footprints: PlaceFootprint[] = all
    .map((b) => {
      const measured = ADV_ROOF_TO_OSM[b.roofType] ?? 'other';
      const scored = Boolean(ADV_FUNCTION_TO_OSM[b.functionCode]) && !['mixed', 'other'].includes(measured);
      const outer = oriented(cleanRing(b.outer.map(([e, n]) => [e - origin[0], n - origin[1]] as Point2)), true);
      return { tags: { building: ADV_FUNCTION_TO_OSM[b.functionCode] ?? 'yes' }, outer, inners: [], ...(scored ? { truth: roofClass(measured) } : {}) };
    })
    .filter((b) => b.outer.length >= 3);
  rows.push(...placeEvidence(place, footprints));
}

const flat = (c: RoofClass) => c === 'flat';
/** Gain in flat-vs-pitched and in shape class, and buildings touched, of turning `selected` rows to `to`. */
function gain(selected: Evidence[], to: RoofClass) {
  let fp = 0;
  let cls = 0;
  for (const r of selected) {
    fp += Number(flat(r.truth) === flat(to)) - Number(flat(r.truth) === flat(r.inferred));
    cls += Number(r.truth === to) - Number(r.truth === r.inferred);
  }
  return { fp, cls, n: selected.length };
}
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

// 1. Rules of thumb on top of the shipped rules.
const pitchedGuess = (r: Evidence) => !flat(r.inferred);
const HYPOTHESES: [string, (r: Evidence) => boolean, RoofClass][] = [
  ['pitched guess amid big boxes (≥ 20 % of the buildings within 100 m over 1000 m²) → flat', (r) => pitchedGuess(r) && (r.bigShare100 ?? 0) >= 0.2, 'flat'],
  ['pitched guess, median neighbour within 100 m ≥ 500 m² → flat', (r) => pitchedGuess(r) && (r.medianArea100 ?? 0) >= 500, 'flat'],
  ['pitched guess amid flat-roof types (≥ 50 % within 60 m) → flat', (r) => pitchedGuess(r) && (r.flatTypes60 ?? 0) >= 0.5, 'flat'],
  ['flat guess, untyped or other type, ≤ 150 m², ≥ 70 % house types within 60 m → gabled', (r) => !pitchedGuess(r) && r.group === 'other' && r.area <= 150 && (r.houseTypes60 ?? 0) >= 0.7, 'gabled'],
  ['flat guess, flat-roof type, ≤ 150 m², ≥ 70 % house types within 60 m → gabled', (r) => !pitchedGuess(r) && r.group === 'flat-type' && r.area <= 150 && (r.houseTypes60 ?? 0) >= 0.7, 'gabled'],
  ['pitched guess under ¼ of the building it touches → flat', (r) => pitchedGuess(r) && r.touching > 0 && r.touchingMaxArea > 4 * r.area, 'flat'],
  ['pitched guess under 100 m² and under ½ of the building it touches → flat', (r) => pitchedGuess(r) && r.touching > 0 && r.touchingMaxArea > 2 * r.area && r.area < 100, 'flat'],
  ['pitched guess turned ≥ 20° from its nearest neighbours → flat', (r) => pitchedGuess(r) && (r.turn ?? 0) >= 20, 'flat'],
  ['flat guess ≤ 300 m² aligned (< 5°) with ≥ 70 % house types within 60 m → gabled', (r) => !pitchedGuess(r) && r.area <= 300 && r.turn !== undefined && r.turn < 5 && (r.houseTypes60 ?? 0) >= 0.7, 'gabled'],
  ['pitched guess in a development of repeated footprints (≥ 3 within 15 % of its area, 40 m) → flat', (r) => pitchedGuess(r) && r.similar40 >= 3, 'flat'],
  ['pitched guess on landuse industrial, commercial or retail → flat', (r) => pitchedGuess(r) && ['industrial', 'commercial', 'retail'].includes(r.landuse ?? ''), 'flat'],
  ['flat guess ≤ 300 m², not a flat-roof type, on landuse residential, farmyard or allotments → gabled', (r) => !pitchedGuess(r) && r.area <= 300 && r.group !== 'flat-type' && ['residential', 'farmyard', 'allotments'].includes(r.landuse ?? ''), 'gabled'],
  ['flat guess on landuse religious → gabled', (r) => !pitchedGuess(r) && r.landuse === 'religious', 'gabled'],
  ['pitched guess with ≥ 4 levels mapped → flat', (r) => pitchedGuess(r) && (r.levels ?? 0) >= 4, 'flat'],
  ['flat guess, untyped or other type, < 600 m², ≤ 3 levels mapped → gabled', (r) => !pitchedGuess(r) && r.group === 'other' && r.levels !== undefined && r.levels <= 3 && r.area < 600, 'gabled'],
  ['(shipped) small house type with ≥ 12 m of shared wall: a row house, not an annex — gain against drawing it flat', (r) => r.rule.includes('row house'), 'gabled'],
];
console.log(`\n${new Date().toISOString().slice(0, 10)} · Node ${process.version}\n`);
console.log('Each cell: change in flat-vs-pitched / in shape class (buildings the rule touches).\n');
console.log(`| rule of thumb | ${PLACES.join(' | ')} |\n|---|${PLACES.map(() => '---:').join('|')}|`);
for (const [name, test, to] of HYPOTHESES) {
  const cells = PLACES.map((place) => {
    const selected = rows.filter((r) => r.place === place && test(r));
    // The shipped row-house rule is measured against the annex rule it overrides.
    const g = name.startsWith('(shipped)') ? gain(selected.map((r) => ({ ...r, inferred: 'flat' as const })), to) : gain(selected, to);
    return g.n ? `${signed(g.fp)} / ${signed(g.cls)} (${g.n})` : '–';
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}

// 2. Leave one place out.
type Numeric = Exclude<{ [K in keyof Evidence]: Evidence[K] extends number | undefined ? K : never }[keyof Evidence], undefined>;
const FEATURES: Numeric[] = ['area', 'levels', 'shared', 'sharedShare', 'touching', 'touchingMaxArea', 'near60', 'near100', 'medianArea100', 'flatTypes60', 'houseTypes60', 'bigShare100', 'similar40', 'turn'];
type Rule = { name: string; test: (r: Evidence) => boolean; to: RoofClass };
const rules: Rule[] = [];
const scopes: [string, (r: Evidence) => boolean][] = [
  ...(['house', 'apartments', 'flat-type', 'other'] as const).map((g): [string, (r: Evidence) => boolean] => [g, (r) => r.group === g]),
  ['pitched guess', pitchedGuess],
  ['flat guess', (r) => !pitchedGuess(r)],
];
for (const feature of FEATURES) {
  const values = rows.map((r) => r[feature]).filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  const thresholds = [...new Set([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((q) => values[Math.floor(q * (values.length - 1))]))];
  for (const [scope, inScope] of scopes) {
    for (const t of thresholds) {
      for (const [op, holds] of [['<', (v: number) => v < t], ['≥', (v: number) => v >= t]] as const) {
        for (const to of ['flat', 'gabled'] as const) {
          const test = (r: Evidence) => inScope(r) && r[feature] !== undefined && holds(r[feature]!);
          rules.push({ name: `${scope}, ${feature} ${op} ${+t.toFixed(2)} → ${to}`, test, to });
        }
      }
    }
  }
}
/** Up to three rules chosen in turn on `training`: no training place worse, a gain in two or more, at least 3 in all. */
function choose(training: string[]): Rule[] {
  const current = new Map(rows.map((r) => [r, r.inferred]));
  const chosen: Rule[] = [];
  for (let round = 0; round < 3; round++) {
    let best: { rule: Rule; total: number } | undefined;
    for (const rule of rules) {
      const byPlace = new Map(training.map((p) => [p, 0]));
      for (const r of rows) {
        if (!byPlace.has(r.place) || !rule.test(r) || current.get(r) === rule.to) continue;
        byPlace.set(r.place, byPlace.get(r.place)! + Number(flat(r.truth) === flat(rule.to)) - Number(flat(r.truth) === flat(current.get(r)!)));
      }
      const gains = [...byPlace.values()];
      const total = gains.reduce((a, b) => a + b, 0);
      if (gains.some((g) => g < 0) || gains.filter((g) => g > 0).length < 2 || total < 3) continue;
      if (!best || total > best.total) best = { rule, total };
    }
    if (!best) break;
    chosen.push(best.rule);
    for (const r of rows) if (best.rule.test(r)) current.set(r, best.rule.to);
  }
  return chosen;
}
console.log('\nLeave one place out (flat vs pitched right; rules chosen on the six other places):\n');
console.log('| held out | buildings | shipped rules | with the rules chosen elsewhere | rules chosen |\n|---|---:|---:|---:|---|');
for (const place of PLACES) {
  const chosen = choose(PLACES.filter((p) => p !== place));
  const held = rows.filter((r) => r.place === place);
  const after = (r: Evidence) => chosen.reduce<RoofClass>((c, rule) => (rule.test(r) ? rule.to : c), r.inferred);
  const right = (list: Evidence[], f: (r: Evidence) => RoofClass) => list.filter((r) => flat(r.truth) === flat(f(r))).length;
  console.log(`| ${place} | ${held.length} | ${right(held, (r) => r.inferred)} | ${right(held, after)} | ${chosen.map((c) => c.name).join('; ') || '–'} |`);
}
