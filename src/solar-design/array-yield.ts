import { panelArea, panelEfficiency, type PanelSpec } from './panel-spec.ts';
import type { PlacedPanel } from './roof-layout.ts';

/** One roof face's array as the yield calculation (`POST /api/solar/calculate`) takes it. */
export interface FaceArray {
  latitude: number;
  longitude: number;
  tiltDeg: number;
  azimuthDeg: number;
  panelAreaM2: number;
  panelEfficiency: number;
  /** Mean yearly shading loss of the array's panels, 0–1. */
  shadingLossFraction: number;
}

/** The parts of a yield answer a design adds up. */
export interface ArrayYieldResult {
  annualYieldKwh: number;
  monthlyKwh: number[];
  source: string;
}

/** A face's yield, and whether it came from the local fallback because the service was unavailable. */
export interface FaceYield<Result extends ArrayYieldResult = ArrayYieldResult> {
  result: Result;
  fallback: boolean;
}

/** Asks for the yield of one face's array: the service over HTTP in the browser, the service itself on the server. */
export type YieldOf = (array: FaceArray) => Promise<FaceYield>;

/**
 * The request sent for an array: tilt and azimuth to 0.01°, shading loss clamped to 0–1 and rounded to
 * 0.0001, so that the browser and the server ask the same question of the same roof.
 */
export function faceRequest(array: FaceArray): FaceArray {
  return { ...array, tiltDeg: round(array.tiltDeg, 2), azimuthDeg: round(array.azimuthDeg, 2), shadingLossFraction: round(Math.min(Math.max(array.shadingLossFraction, 0), 1), 4) };
}

/** What the figures need of a panel: the face it sits on and which way it faces. */
export type ArrayPanel = Pick<PlacedPanel, 'face' | 'tiltDeg' | 'azimuthDeg'>;

/** Where a design is, and the module it uses. */
export interface ArraySite {
  latitude: number;
  longitude: number;
  panel: PanelSpec;
}

/** The array of `count` panels on `face`, with their mean shading loss. */
export function faceArray(site: ArraySite, candidates: ArrayPanel[], face: number, count: number, loss: number): FaceArray {
  const orientation = candidates.find((panel) => panel.face === face)!;
  return {
    latitude: site.latitude, longitude: site.longitude, tiltDeg: orientation.tiltDeg, azimuthDeg: orientation.azimuthDeg,
    panelAreaM2: count * panelArea(site.panel), panelEfficiency: panelEfficiency(site.panel), shadingLossFraction: loss,
  };
}

/** The unshaded yearly yield of one panel on each face that holds candidates, kWh. */
export async function unshadedYieldPerPanel(site: ArraySite, candidates: ArrayPanel[], yieldOf: YieldOf): Promise<Map<number, number>> {
  const faces = [...new Set(candidates.map((panel) => panel.face))];
  return new Map(await Promise.all(faces.map(async (face) => [face, (await yieldOf(faceArray(site, candidates, face, 1, 0))).result.annualYieldKwh] as const)));
}

/** One face's part of an array. */
export interface FaceFigures {
  face: number;
  panelCount: number;
  /** Mean shading loss of its panels, 0–1. */
  shadingLoss: number;
  annualKwh: number;
  monthlyKwh: number[];
}

/** The figures of an array of panels. */
export interface ArrayFigures {
  panelCount: number;
  kwp: number;
  annualKwh: number;
  monthlyKwh: number[];
  /** Energy the panels lose to shading, 0–1 (each face's loss weighted by its unshaded yield). */
  shadingLoss: number;
  faces: FaceFigures[];
  fallback: boolean;
  source: string;
}

/**
 * The figures of the chosen panels: one yield request per face for its panels (their area and mean
 * shading loss), added up. `unshaded` (from {@link unshadedYieldPerPanel}) weights the shading loss.
 */
export async function arrayFigures(site: ArraySite, candidates: ArrayPanel[], losses: number[], chosen: number[], unshaded: Map<number, number>, yieldOf: YieldOf): Promise<ArrayFigures> {
  const byFace = new Map<number, number[]>();
  for (const index of chosen) byFace.set(candidates[index].face, [...(byFace.get(candidates[index].face) ?? []), index]);
  const faces = await Promise.all(
    [...byFace].map(async ([face, indexes]): Promise<FaceFigures & { answer: FaceYield }> => {
      const shadingLoss = mean(indexes.map((i) => losses[i]));
      const answer = await yieldOf(faceArray(site, candidates, face, indexes.length, shadingLoss));
      return { face, panelCount: indexes.length, shadingLoss, annualKwh: answer.result.annualYieldKwh, monthlyKwh: answer.result.monthlyKwh, answer };
    }),
  );
  const annualKwh = round(faces.reduce((sum, face) => sum + face.annualKwh, 0), 1);
  const monthlyKwh = Array.from({ length: 12 }, (_, month) => round(faces.reduce((sum, face) => sum + face.monthlyKwh[month], 0), 1));
  const unshadedTotal = chosen.reduce((sum, i) => sum + unshaded.get(candidates[i].face)!, 0);
  const shadedTotal = chosen.reduce((sum, i) => sum + unshaded.get(candidates[i].face)! * (1 - losses[i]), 0);
  return {
    panelCount: chosen.length,
    kwp: round((chosen.length * site.panel.powerW) / 1000, 3),
    annualKwh,
    monthlyKwh,
    shadingLoss: unshadedTotal > 0 ? 1 - shadedTotal / unshadedTotal : 0,
    faces: faces.map(({ answer: _answer, ...face }) => face),
    fallback: faces.some((face) => face.answer.fallback),
    source: faces[0]?.answer.result.source ?? '',
  };
}

function mean(values: number[]): number {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
