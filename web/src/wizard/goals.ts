import type { WizardGoal } from '../../../src/contract/sessions.ts';
import { financials, type Economics } from '../../../src/solar-design/index.ts';
import { DEFAULT_ECONOMICS } from './economics.ts';

/** A candidate panel with what it would produce in a year, after its shading. */
export interface RatedPanel {
  index: number;
  kwp: number;
  annualKwh: number;
}

/** Which panels a goal keeps, and why. */
export interface Selection {
  /** Indexes of the chosen panels, best first. */
  chosen: number[];
  /** Panels left out for producing under the cut-off share of the roof's best. */
  weak: number[];
  /** For `cover_bill`: whether the target is reached, and the share of it reached. */
  target?: { annualKwh: number; reached: boolean; share: number };
}

/** Panels producing under this share of the roof's best panel are never worth placing. */
export const WEAK_PANEL_SHARE = 0.75;

/**
 * Chooses the panels for a goal. Weak panels (under 75 % of the best) are dropped first; then
 * - `maximize_energy` and `environmental` keep all the rest;
 * - `cover_bill` keeps the fewest best panels whose yearly yield reaches 12 × `monthlyKwh` (all of
 *   them, with `reached: false`, when the roof cannot);
 * - `maximize_roi` keeps the count of best panels with the highest net present value (none when no
 *   count pays back).
 */
export function selectPanels(panels: RatedPanel[], goal: WizardGoal, options: { monthlyKwh?: number; economics?: Economics } = {}): Selection {
  const best = Math.max(0, ...panels.map((panel) => panel.annualKwh / panel.kwp));
  const ranked = [...panels].sort((a, b) => b.annualKwh / b.kwp - a.annualKwh / a.kwp || a.index - b.index);
  const strong = ranked.filter((panel) => panel.annualKwh / panel.kwp >= WEAK_PANEL_SHARE * best && best > 0);
  const weak = ranked.filter((panel) => !strong.includes(panel)).map((panel) => panel.index);
  if (goal === 'cover_bill') {
    const target = 12 * (options.monthlyKwh ?? 0);
    const chosen: number[] = [];
    let sum = 0;
    for (const panel of strong) {
      if (sum >= target && chosen.length > 0) break;
      chosen.push(panel.index);
      sum += panel.annualKwh;
    }
    return { chosen, weak, target: { annualKwh: target, reached: sum >= target, share: target > 0 ? sum / target : 1 } };
  }
  if (goal === 'maximize_roi') {
    const economics = options.economics ?? DEFAULT_ECONOMICS;
    let [bestCount, bestNpv, kwp, kwh] = [0, 0, 0, 0];
    strong.forEach((panel, i) => {
      kwp += panel.kwp;
      kwh += panel.annualKwh;
      const npv = financials(kwp, kwh, economics).npv;
      if (npv > bestNpv) [bestCount, bestNpv] = [i + 1, npv];
    });
    return { chosen: strong.slice(0, bestCount).map((panel) => panel.index), weak };
  }
  return { chosen: strong.map((panel) => panel.index), weak };
}
