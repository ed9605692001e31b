import type { WizardGoal } from '../../../src/contract/sessions.ts';
import { arrayFigures, financials, unshadedYieldPerPanel, type Economics, type Financials, type PanelSpec, type PlacedPanel, type YieldOf } from '../../../src/solar-design/index.ts';
import { DEFAULT_ECONOMICS } from './economics.ts';
import { selectPanels, type Selection } from './goals.ts';

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
  yieldOf: YieldOf;
}

/** A system design and its figures. */
export interface Design {
  selection: Selection;
  /** Yield of each candidate relative to the roof's best, 0–1. */
  relative: number[];
  /** Yearly kWh of the roof's best panel (what `relative` = 1 means), for the colour legend. */
  bestPanelKwh: number;
  /** Yearly yield of each candidate with its own shading, kWh. */
  panelKwh: number[];
  panelCount: number;
  kwp: number;
  annualKwh: number;
  monthlyKwh: number[];
  /** kWh per kWp. */
  specificYield: number;
  /** Energy lost to shading by the chosen panels, 0–1. */
  shadingLoss: number;
  money: Financials;
  /** The money and climate assumptions the figures were worked out with. */
  economics: Economics;
  /** The panel the design was laid out with. */
  panel: PanelSpec;
  co2KgPerYear: number;
  /** Whether any face's yield came from the local fallback because the service was unavailable. */
  fallback: boolean;
  source: string;
  /** The roof faces with chosen panels: orientation, panel count and yearly yield (shading included). */
  faces: DesignFace[];
}

/** One roof face of a design. */
export interface DesignFace {
  /** Its index among the roof's segments. */
  face: number;
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
  const site = { latitude: input.latitude, longitude: input.longitude, panel: input.panel };
  const kwpEach = input.panel.powerW / 1000;
  const unshaded = await unshadedYieldPerPanel(site, input.candidates, input.yieldOf);
  const rated = input.candidates.map((panel, index) => ({ index, kwp: kwpEach, annualKwh: unshaded.get(panel.face)! * (1 - input.losses[index]) }));
  const best = Math.max(...rated.map((panel) => panel.annualKwh), 0);
  const selection = selectPanels(rated, input.goal, { monthlyKwh: input.monthlyKwh, economics });
  const figures = await arrayFigures(site, input.candidates, input.losses, selection.chosen, unshaded, input.yieldOf);
  return {
    selection,
    relative: rated.map((panel) => (best > 0 ? panel.annualKwh / best : 0)),
    bestPanelKwh: best,
    panelKwh: rated.map((panel) => panel.annualKwh),
    panelCount: figures.panelCount,
    kwp: figures.kwp,
    annualKwh: figures.annualKwh,
    monthlyKwh: figures.monthlyKwh,
    specificYield: figures.kwp > 0 ? round(figures.annualKwh / figures.kwp, 0) : 0,
    shadingLoss: figures.shadingLoss,
    money: financials(figures.kwp, figures.annualKwh, economics),
    economics,
    panel: input.panel,
    co2KgPerYear: figures.annualKwh * economics.co2KgPerKwh,
    fallback: figures.fallback,
    source: figures.source,
    faces: figures.faces.map((face) => {
      const panel = input.candidates.find((candidate) => candidate.face === face.face)!;
      return { face: face.face, azimuthDeg: panel.azimuthDeg, tiltDeg: panel.tiltDeg, panels: face.panelCount, annualKwh: round(face.annualKwh, 1) };
    }),
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
