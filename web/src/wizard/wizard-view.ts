import type { Design } from './design.ts';
import { monthlyChart } from './monthly-chart.ts';
import { fillYieldLegend } from './yield-legend.ts';
import { formats, t } from '../viewer/language.ts';
import type { MessageKey } from '../../../src/i18n/browser.ts';

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
  /** What the last design shown gives, in a sentence (full wizard only). */
  #figures: string | undefined;
  readonly #progress: HTMLElement;
  readonly #bar: HTMLProgressElement;
  readonly #result: HTMLElement;
  readonly #startOver: HTMLButtonElement;
  readonly #myHouse: HTMLButtonElement;
  /** The visitor's house is marked and has a roof to place panels on. */
  #houseOffered = false;
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
    this.#myHouse = document.getElementById('wizard-my-house') as HTMLButtonElement;
  }

  state(state: WizardState, message?: string): void {
    this.panel.dataset.state = state;
    if (message !== undefined) this.#status.textContent = message;
    this.#progress.hidden = state !== 'working';
    if (state !== 'working') this.#bar.removeAttribute('value');
    this.#startOver.hidden = state === 'pick' || state === 'closed';
    this.#myHouse.hidden = state !== 'pick' || !this.#houseOffered;
    // While a design is worked out again its figures stay, faded (viewer.css): hidden, the panel would get
    // shorter and lose its scroll, and the field being changed would leave the view.
    if (state !== 'done' && state !== 'working') this.#result.hidden = true;
    this.#result.setAttribute('aria-busy', String(state === 'working'));
  }

  /** Offers (or no longer offers) the marked house's roof while the wizard waits for a roof to be picked. */
  offerHouse(offered: boolean): void {
    this.#houseOffered = offered;
    this.#myHouse.hidden = this.panel.dataset.state !== 'pick' || !offered;
  }

  /** Shows that making the design failed, and why. */
  failed(error: unknown): void {
    this.state('error', t('wizard.failed', { reason: error instanceof Error ? error.message : String(error) }));
  }

  /** Says something without changing the state. */
  say(message: string): void {
    this.#status.textContent = message;
  }

  /**
   * Moves the progress bar; `message` is its spoken value. The status line keeps the step's sentence:
   * written there, each percent was read out again (36 times in a tenth of a second).
   */
  progress(percent: number, message: string): void {
    this.#bar.value = percent;
    this.#bar.setAttribute('aria-valuetext', message);
  }

  /**
   * Shows a design made: `summary` in the status line, and for screen readers after it what the design
   * gives (the figures the sighted read below it; with the full wizard only).
   */
  done(summary: string): void {
    this.state('done', summary);
    if (!this.#figures) return;
    const spoken = this.#document.createElement('span');
    spoken.className = 'visually-hidden';
    spoken.textContent = ` ${this.#figures}`;
    this.#status.append(spoken);
  }

  /** Shows a design; `monthlyTarget` draws the target line and states whether it is reached. */
  show(design: Design, monthlyTarget: number | undefined): void {
    const f = formats();
    const n = (value: number) => f.number(value);
    const set = (id: string, text: string) => {
      const place = this.#document.getElementById(id);
      if (place) place.textContent = text;
    };
    set('fig-panels', n(design.panelCount));
    fillYieldLegend(this.#document.getElementById('wizard-legend')!, this.#full ? design.bestPanelKwh : undefined, n);
    set('wizard-source', design.fallback
      ? t('source.fallback', { accuracy: t('source.accuracy') })
      : t('source.service', { source: design.source }));
    this.#result.hidden = false;
    this.#figures = undefined;
    if (!this.#full) return;
    set('fig-kwp', t('value.kwp', { value: f.number(design.kwp, 2) }));
    const kwh = t('value.kwh', { value: n(design.annualKwh) });
    const payback = design.money.paybackYears === undefined ? t('value.noPayback', { years: design.economics.years }) : f.years(design.money.paybackYears);
    const npv = f.money(design.money.npv, design.money.currency);
    set('fig-kwh', kwh);
    set('fig-specific', t('value.specific', { value: n(design.specificYield) }));
    set('fig-shading', f.percent(design.shadingLoss, 1));
    set('fig-cost', f.money(design.money.cost, design.money.currency));
    set('fig-payback', payback);
    set('fig-npv', npv);
    set('fig-co2', t('value.co2', { value: n(design.co2KgPerYear) }));
    // Where the prices are typed, what they give: on a phone the figures above are out of sight.
    this.#figures = t('settings.effect', { kwh, payback, npv });
    set('settings-effect', this.#figures);
    const target = design.selection.target;
    set('wizard-target', target
      ? target.reached
        ? t('target.covers', { target: n(target.annualKwh / 12), average: n(design.annualKwh / 12) })
        : t('target.cannot', { target: n(target.annualKwh / 12), share: f.percent(target.share) })
      : '');
    this.#document.getElementById('wizard-chart')?.replaceChildren(monthlyChart(design.monthlyKwh, monthlyTarget));
    this.#document.getElementById('figure-terms-list')?.replaceChildren(...this.#terms(design));
  }

  /** What each figure means, with the assumptions it was worked out with (the visitor may have changed them). */
  #terms(design: Design): HTMLElement[] {
    const f = formats();
    const e = design.economics;
    const terms: [MessageKey, string][] = [
      ['figure.kwp', t('terms.kwp')],
      ['figure.kwh', t('terms.kwh')],
      ['figure.specific', t('terms.specific')],
      ['figure.shading', t('terms.shading')],
      ['figure.cost', t('terms.cost', { cost: f.money(e.costPerKwp, e.currency) })],
      ['figure.payback', t('terms.payback', { self: f.percent(e.selfConsumption), tariff: f.price(e.tariff, e.currency), exportTariff: f.price(e.exportTariff, e.currency) })],
      ['figure.npv', t('terms.npv', { years: e.years, rate: f.percent(e.discountRate, Math.round(e.discountRate * 1000) % 10 === 0 ? 0 : 1) })],
      ['figure.co2', t('terms.co2', { factor: f.number(e.co2KgPerKwh, 2) })],
    ];
    return terms.map(([name, meaning]) => {
      const row = this.#document.createElement('div');
      const term = this.#document.createElement('dt');
      const text = this.#document.createElement('dd');
      term.textContent = t(name);
      text.textContent = meaning;
      row.append(term, text);
      return row;
    });
  }
}
