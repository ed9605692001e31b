import { FALLBACK_ACCURACY } from '../../../src/irradiance/browser.ts';
import type { Design } from './design.ts';
import { monthlyChart } from './monthly-chart.ts';
import { fillYieldLegend } from './yield-legend.ts';

/** The wizard's states, shown to tests and styles as `data-state` on the panel. */
export type WizardState = 'closed' | 'pick' | 'working' | 'done' | 'empty' | 'error';

/**
 * Writes a design's figures into the side panel (text only: nothing the page shows is parsed as HTML).
 * In the preview the page has no places for Pro figures (the service leaves them out), and this writes
 * none anywhere else: only the panel count.
 */
export class WizardView {
  readonly panel: HTMLElement;
  readonly #document: Document;
  readonly #status: HTMLElement;
  readonly #progress: HTMLElement;
  readonly #bar: HTMLProgressElement;
  readonly #result: HTMLElement;
  readonly #startOver: HTMLButtonElement;
  readonly #number: Intl.NumberFormat;
  readonly #money: Intl.NumberFormat;
  readonly #full: boolean;

  constructor(document: Document, access: 'full' | 'preview') {
    this.#full = access === 'full';
    this.#document = document;
    this.panel = document.getElementById('side-panel')!;
    this.#status = document.getElementById('wizard-status')!;
    this.#progress = document.getElementById('wizard-progress')!;
    this.#bar = document.getElementById('wizard-progress-bar') as HTMLProgressElement;
    this.#result = document.getElementById('wizard-result')!;
    this.#startOver = document.getElementById('wizard-start-over') as HTMLButtonElement;
    const locale = document.documentElement.lang || undefined;
    this.#number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.#money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  }

  state(state: WizardState, message?: string): void {
    this.panel.dataset.state = state;
    if (message !== undefined) this.#status.textContent = message;
    this.#progress.hidden = state !== 'working';
    if (state !== 'working') this.#bar.removeAttribute('value');
    this.#startOver.hidden = state === 'pick' || state === 'closed';
    if (state !== 'done') this.#result.hidden = true;
  }

  /** Says something without changing the state. */
  say(message: string): void {
    this.#status.textContent = message;
  }

  progress(percent: number, message: string): void {
    this.#bar.value = percent;
    this.#status.textContent = message;
  }

  /** Shows a design; `monthlyTarget` draws the target line and states whether it is reached. */
  show(design: Design, monthlyTarget: number | undefined): void {
    const n = (value: number) => this.#number.format(value);
    const set = (id: string, text: string) => {
      const place = this.#document.getElementById(id);
      if (place) place.textContent = text;
    };
    set('fig-panels', n(design.panelCount));
    fillYieldLegend(this.#document.getElementById('wizard-legend')!, this.#full ? design.bestPanelKwh : undefined, n);
    set('wizard-source', design.fallback
      ? `The irradiance service is unavailable: yields come from the viewer’s own climate model, ${FALLBACK_ACCURACY}.`
      : `Irradiance: ${design.source}. Shading traced against the 3D model for every panel.`);
    this.#result.hidden = false;
    if (!this.#full) return;
    set('fig-kwp', `${design.kwp.toFixed(2)} kWp`);
    set('fig-kwh', `${n(design.annualKwh)} kWh`);
    set('fig-specific', `${n(design.specificYield)} kWh/kWp`);
    set('fig-shading', `${(design.shadingLoss * 100).toFixed(1)} %`);
    set('fig-cost', this.#money.format(design.money.cost));
    set('fig-payback', design.money.paybackYears === undefined ? 'not within 20 years' : `${design.money.paybackYears.toFixed(1)} years`);
    set('fig-npv', this.#money.format(design.money.npv));
    set('fig-co2', `${n(design.co2KgPerYear)} kg/year`);
    const target = design.selection.target;
    set('wizard-target', target
      ? target.reached
        ? `Covers ${n(target.annualKwh / 12)} kWh a month: ${n(design.annualKwh / 12)} kWh a month on average.`
        : `This roof cannot cover ${n(target.annualKwh / 12)} kWh a month: at most ${Math.round(target.share * 100)} % of it.`
      : '');
    this.#document.getElementById('wizard-chart')?.replaceChildren(monthlyChart(design.monthlyKwh, monthlyTarget, n));
  }
}
