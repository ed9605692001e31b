/**
 * What asking PVGIS at fewer orientations costs in accuracy, on the roof faces of real 0.3 km HD models
 * (Vaduz and Monaco, built from the recorded OpenStreetMap extracts as bench/insights.ts builds them).
 *
 * PVGIS was recorded at one orientation only, so "exact" is a stand-in with PVGIS's own shape: the
 * recorded PVGIS typical meteorological year at 45 N 8 E, hour by hour, with Muneer's tilted-sky model
 * as PVGIS uses it (bench/irradiance/hourly-plane-model.ts); and, as a second opinion, the project's
 * monthly tilted-plane model at the model's own place. For each scheme: PVGIS calls a model needs, and
 * the yearly irradiation of every roof face (and the racks of flat roofs) against the exact orientation:
 * mean and worst, faces and the area-weighted town total; the worst month against its plane's year; the
 * worst over every orientation (tilt 0–90°, all azimuths). Yield is irradiation × constants, so its
 * error is the same.
 *
 *   node bench/orientation-grid.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gridNodes, type OrientationGrid } from '../src/irradiance/orientation-grid.ts';
import { fallbackIrradiation } from '../src/irradiance/local-fallback.ts';
import { generateModel, indexExtract } from '../src/modelgen/index.ts';
import { roofSegmentsOfGlb } from '../src/modelgen/model-file.ts';
import { DEFAULT_LAYOUT } from '../src/solar-design/index.ts';
import { planeIrradiation, readTmy, type ReferencePlane } from './irradiance/hourly-plane-model.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const TMY = path.join(SHARED, 'pvgis/tmy_v53_45.000_8.000_SARAH3_2005_2023.pvlib.json');
if (!fs.existsSync(TMY)) {
  console.log(`Skipped: ${TMY} (recorded PVGIS year) is absent.`);
  process.exit(0);
}
const PLACES = [
  { name: 'Vaduz', latitude: 47.141, longitude: 9.5209, extract: 'osm/liechtenstein-2024-03-04.osm.pbf', terrain: undefined },
  { name: 'Monaco', latitude: 43.7396, longitude: 7.4276, extract: 'osm/monaco-latest.osm.pbf', terrain: 'terrain/N43E007.hgt.zip' },
];

/** A plane a model's figures ask for, with the roof area it stands for. */
interface Face { tilt: number; azimuth: number; area: number }

/** The orientations and weights a scheme asks PVGIS for, for one plane. */
type Scheme = (tilt: number, azimuth: number) => { tilt: number; azimuth: number; weight: number }[];

const wrap = (azimuth: number) => ((azimuth % 360) + 360) % 360;
const level = (tilt: number, azimuth: number) => (tilt === 0 ? 180 : wrap(azimuth));
const rounded = (tiltStep: number, azimuthStep: number): Scheme => (tilt, azimuth) => {
  const t = Math.round(tilt / tiltStep) * tiltStep;
  return [{ tilt: t, azimuth: level(t, Math.round(azimuth / azimuthStep) * azimuthStep), weight: 1 }];
};
const bilinear = (tiltStep: number, azimuthStep: number): Scheme => (tilt, azimuth) => {
  const t0 = Math.floor(tilt / tiltStep) * tiltStep;
  const a0 = Math.floor(azimuth / azimuthStep) * azimuthStep;
  const [ft, fa] = [(tilt - t0) / tiltStep, (azimuth - a0) / azimuthStep];
  const nodes: { tilt: number; azimuth: number; weight: number }[] = [];
  for (const [t, wt] of [[t0, 1 - ft], [Math.min(t0 + tiltStep, 90), ft]]) for (const [a, wa] of [[a0, 1 - fa], [a0 + azimuthStep, fa]]) if (wt * wa > 0) nodes.push({ tilt: t, azimuth: level(t, a), weight: wt * wa });
  return nodes;
};
const catmullRom = (grid: OrientationGrid): Scheme => (tilt, azimuth) => gridNodes(tilt, azimuth, grid).map((n) => ({ tilt: n.tiltDeg, azimuth: n.azimuthDeg, weight: n.weight }));

/** How each scheme makes a plane's figure from answers at orientations ("exact": the plane itself). */
const SCHEMES: { name: string; scheme: Scheme }[] = [
  { name: 'to 1° (before: the irradiance cache’s rounding)', scheme: rounded(1, 1) },
  { name: 'to 5° tilt, 10° azimuth', scheme: rounded(5, 10) },
  { name: 'to 10° tilt, 15° azimuth', scheme: rounded(10, 15) },
  { name: 'grid 15°/30°, bilinear', scheme: bilinear(15, 30) },
  { name: 'grid 15°/45°, Catmull–Rom', scheme: catmullRom({ tiltStepDeg: 15, azimuthStepDeg: 45 }) },
  { name: 'grid 15°/30°, Catmull–Rom (shipped)', scheme: catmullRom({ tiltStepDeg: 15, azimuthStepDeg: 30 }) },
  { name: 'grid 10°/30°, Catmull–Rom', scheme: catmullRom({ tiltStepDeg: 10, azimuthStepDeg: 30 }) },
];

/** Reads every face of a freshly generated 0.3 km HD model, and the racks' plane of flat roofs. */
async function faces(place: (typeof PLACES)[number], work: string): Promise<Face[]> {
  const terrainDir = path.join(work, `terrain-${place.name}`);
  fs.mkdirSync(terrainDir);
  if (place.terrain) fs.copyFileSync(path.join(SHARED, place.terrain), path.join(terrainDir, path.basename(place.terrain)));
  await indexExtract(path.join(SHARED, place.extract), work);
  const { glb } = await generateModel({ latitude: place.latitude, longitude: place.longitude, radiusKm: 0.3, quality: 'hd', sources: { overpassUrl: 'http://127.0.0.1:9', osmExtract: path.join(SHARED, place.extract), terrainDir, cacheDir: work } }, () => {});
  const segments = roofSegmentsOfGlb(glb);
  const flatArea = segments.filter((s) => s.pitch < DEFAULT_LAYOUT.flatRoofBelowDeg).reduce((sum, s) => sum + s.area, 0);
  // As the figures ask: to 0.01° (faceRequest), and the racks of flat roofs facing the equator.
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return [...segments.map((s) => ({ tilt: r2(s.pitch), azimuth: wrap(r2(s.azimuth)), area: s.area })), { tilt: DEFAULT_LAYOUT.flatRoofTiltDeg, azimuth: 180, area: flatArea }];
}

/** A reference's plane figure, computed once per orientation. */
function memo(compute: (tilt: number, azimuth: number) => ReferencePlane): (tilt: number, azimuth: number) => ReferencePlane {
  const known = new Map<string, ReferencePlane>();
  return (tilt, azimuth) => {
    const key = `${tilt}_${level(tilt, azimuth)}`;
    let plane = known.get(key);
    if (!plane) known.set(key, (plane = compute(tilt, level(tilt, azimuth))));
    return plane;
  };
}

function figure(reference: (t: number, a: number) => ReferencePlane, scheme: Scheme, tilt: number, azimuth: number): ReferencePlane {
  const nodes = scheme(tilt, azimuth);
  const monthly = Array.from({ length: 12 }, (_, m) => Math.max(0, nodes.reduce((sum, n) => sum + n.weight * reference(n.tilt, n.azimuth).monthly[m], 0)));
  return { annual: Math.max(0, nodes.reduce((sum, n) => sum + n.weight * reference(n.tilt, n.azimuth).annual, 0)), monthly };
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-grid-'));
try {
  const { hours } = readTmy(TMY);
  const hourly = memo((t, a) => planeIrradiation(hours, t, a));
  const sweep: [number, number][] = [];
  for (let t = 0.5; t <= 90; t += 2.9) for (let a = 0.25; a < 360; a += 6.7) sweep.push([Math.round(t * 100) / 100, Math.round(a * 100) / 100]);
  const rows: string[] = [];
  for (const place of PLACES) {
    const planes = await faces(place, work);
    const local = memo((t, a) => {
      const answer = fallbackIrradiation({ latitude: place.latitude, longitude: place.longitude, tiltDeg: t, azimuthDeg: a });
      return { annual: answer.annualGti, monthly: answer.monthlyGti };
    });
    for (const { name, scheme } of SCHEMES) {
      const calls = new Set(planes.flatMap((f) => scheme(f.tilt, f.azimuth).map((n) => `${n.tilt}_${level(n.tilt, n.azimuth)}`))).size;
      const cells: string[] = [];
      for (const [reference, label] of [[hourly, 'hourly'], [local, 'monthly']] as const) {
        const errors = planes.map((f) => {
          const [got, exact] = [figure(reference, scheme, f.tilt, f.azimuth), reference(f.tilt, f.azimuth)];
          return { off: got.annual / exact.annual - 1, month: Math.max(...got.monthly.map((m, i) => Math.abs(m - exact.monthly[i]) / exact.annual)), got: got.annual * f.area, exact: exact.annual * f.area };
        });
        const town = errors.reduce((s, e) => s + e.got, 0) / errors.reduce((s, e) => s + e.exact, 0) - 1;
        cells.push(`${pct(errors.reduce((s, e) => s + Math.abs(e.off), 0) / errors.length)} / ${pct(Math.max(...errors.map((e) => Math.abs(e.off))))} / ${pct(town)} / ${pct(Math.max(...errors.map((e) => e.month)))}`);
      }
      const everyWay = place.name === 'Vaduz' ? pct(Math.max(...sweep.map(([t, a]) => Math.abs(figure(hourly, scheme, t, a).annual / hourly(t, a).annual - 1)))) : '';
      rows.push(`| ${place.name} (${planes.length} planes) | ${name} | ${calls} | ${cells.join(' | ')} | ${everyWay} |`);
    }
    // One PVGIS answer a place (the level plane), every orientation from the project's monthly model:
    // the model's ratio of tilted to level irradiation at the recorded year's place, month by month.
    const monthlyModel = memo((t, a) => {
      const answer = fallbackIrradiation({ latitude: 45, longitude: 8, tiltDeg: t, azimuthDeg: a });
      return { annual: answer.annualGti, monthly: answer.monthlyGti };
    });
    const transposed = (t: number, a: number): ReferencePlane => {
      const monthly = hourly(0, 180).monthly.map((m, i) => m * monthlyModel(t, a).monthly[i] / monthlyModel(0, 180).monthly[i]);
      return { annual: monthly.reduce((x, y) => x + y, 0), monthly };
    };
    const off = planes.map((f) => transposed(f.tilt, f.azimuth).annual / hourly(f.tilt, f.azimuth).annual - 1);
    const town = planes.reduce((s, f) => s + transposed(f.tilt, f.azimuth).annual * f.area, 0) / planes.reduce((s, f) => s + hourly(f.tilt, f.azimuth).annual * f.area, 0) - 1;
    const everyWay = place.name === 'Vaduz' ? pct(Math.max(...sweep.map(([t, a]) => Math.abs(transposed(t, a).annual / hourly(t, a).annual - 1)))) : '';
    rows.push(`| ${place.name} (${planes.length} planes) | one level plane a place, orientations by the project’s monthly model | 1 | ${pct(off.reduce((s, e) => s + Math.abs(e), 0) / off.length)} / ${pct(Math.max(...off.map(Math.abs)))} / ${pct(town)} / – | – | ${everyWay} |`);
  }
  console.log(`\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version}\n`);
  console.log('| model | PVGIS asked at | PVGIS calls | yearly error vs exact orientation, hourly PVGIS-like reference: mean / worst face / town total / worst month ÷ its year | the same against the monthly local model | worst over every orientation (hourly) |');
  console.log('|---|---|---:|---|---|---:|');
  for (const row of rows) console.log(row);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
