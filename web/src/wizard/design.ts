import type { WizardGoal } from '../../../src/contract/sessions.ts';
import { DEFAULT_ECONOMICS, financials, type Economics, type Financials } from './economics.ts';
import type { FaceArray, FaceYield } from './face-yield.ts';
import { selectPanels, type Selection } from './goals.ts';
import { panelArea, panelEfficiency, type PanelSpec } from './panel-spec.ts';
import type { PlacedPanel } from './roof-layout.ts';

/** Everything a design is made from. */
export interface DesignInput {
  latitude: number;
  longitude: number;
  candidates: PlacedPanel[];
  /** Yearly shading loss of each candidate, 0–1. */
  losses: number[];
  panel: PanelSpec;
  goal: WizardGoal;
  monthlyKwh?: number;
  economics?: Economics;
  /** The yield of one face's array (the service, or its fallback). */
  yieldOf: (array: FaceArray) => Promise<FaceYield>;
}

/** A system design and its figures. */
export interface Design {
  selection: Selection;
  /** Yield of each candidate relative to the roof's best, 0–1. */
  relative: number[];
  /** Yearly kWh of the roof's best panel (what `relative` = 1 means), for the colour legend. */
  bestPanelKwh: number;
  panelCount: number;
  kwp: number;
  annualKwh: number;
  monthlyKwh: number[];
  /** kWh per kWp. */
  specificYield: number;
  /** Energy lost to shading by the chosen panels, 0–1. */
  shadingLoss: number;
  money: Financials;
  co2KgPerYear: number;
  /** Whether any face's yield came from the local fallback because the service was unavailable. */
  fallback: boolean;
  source: string;
  /** The roof faces with chosen panels: orientation, panel count and yearly yield (shading included). */
  faces: DesignFace[];
}

/** One roof face of a design. */
export interface DesignFace {
  azimuthDeg: number;
  tiltDeg: number;
  panels: number;
  annualKwh: number;
}

/**
 * Rates every candidate panel (the face's unshaded yield per panel from the service, times its own
 * shading), lets the goal choose, then asks the service for each face's array of chosen panels (their
 * area, efficiency and mean shading loss) and adds the answers up.
 */
export async function designSystem(input: DesignInput): Promise<Design> {
  const economics = input.economics ?? DEFAULT_ECONOMICS;
  const area = panelArea(input.panel);
  const efficiency = panelEfficiency(input.panel);
  const kwpEach = input.panel.powerW / 1000;
  const faces = [...new Set(input.candidates.map((panel) => panel.face))];
  const orientation = (face: number) => input.candidates.find((panel) => panel.face === face)!;
  const array = (face: number, count: number, loss: number): FaceArray => ({
    latitude: input.latitude, longitude: input.longitude, tiltDeg: orientation(face).tiltDeg, azimuthDeg: orientation(face).azimuthDeg,
    panelAreaM2: count * area, panelEfficiency: efficiency, shadingLossFraction: loss,
  });
  const unshaded = new Map(await Promise.all(faces.map(async (face) => [face, (await input.yieldOf(array(face, 1, 0))).result.annualYieldKwh] as const)));
  const rated = input.candidates.map((panel, index) => ({ index, kwp: kwpEach, annualKwh: unshaded.get(panel.face)! * (1 - input.losses[index]) }));
  const best = Math.max(...rated.map((panel) => panel.annualKwh), 0);
  const selection = selectPanels(rated, input.goal, { monthlyKwh: input.monthlyKwh, economics });

  const byFace = new Map<number, number[]>();
  for (const index of selection.chosen) byFace.set(input.candidates[index].face, [...(byFace.get(input.candidates[index].face) ?? []), index]);
  const answers = await Promise.all([...byFace].map(([face, indexes]) => input.yieldOf(array(face, indexes.length, mean(indexes.map((i) => input.losses[i]))))));
  const annualKwh = round(answers.reduce((sum, answer) => sum + answer.result.annualYieldKwh, 0), 1);
  const monthlyKwh = Array.from({ length: 12 }, (_, month) => round(answers.reduce((sum, answer) => sum + answer.result.monthlyKwh[month], 0), 1));
  const kwp = round(selection.chosen.length * kwpEach, 3);
  const unshadedTotal = selection.chosen.reduce((sum, i) => sum + unshaded.get(input.candidates[i].face)!, 0);
  const shadedTotal = selection.chosen.reduce((sum, i) => sum + rated[i].annualKwh, 0);
  return {
    selection,
    relative: rated.map((panel) => (best > 0 ? panel.annualKwh / best : 0)),
    bestPanelKwh: best,
    panelCount: selection.chosen.length,
    kwp,
    annualKwh,
    monthlyKwh,
    specificYield: kwp > 0 ? round(annualKwh / kwp, 0) : 0,
    shadingLoss: unshadedTotal > 0 ? 1 - shadedTotal / unshadedTotal : 0,
    money: financials(kwp, annualKwh, economics),
    co2KgPerYear: annualKwh * economics.co2KgPerKwh,
    fallback: answers.some((answer) => answer.fallback),
    source: answers[0]?.result.source ?? '',
    faces: [...byFace].map(([face, indexes], i) => ({ azimuthDeg: orientation(face).azimuthDeg, tiltDeg: orientation(face).tiltDeg, panels: indexes.length, annualKwh: round(answers[i].result.annualYieldKwh, 1) })),
  };
}

function mean(values: number[]): number {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
