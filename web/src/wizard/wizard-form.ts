import type { WizardGoal } from '../../../src/contract/sessions.ts';
import type { Economics } from '../../../src/solar-design/index.ts';
import { t } from '../viewer/language.ts';
import type { LayoutOptions, PanelSpec } from '../../../src/solar-design/index.ts';

/** A household's typical monthly electricity use, kWh (about 3,600 kWh a year in Europe): where the bill goal starts. */
const TYPICAL_MONTHLY_KWH = 300;

/** What the visitor set in the wizard's fields. */
export interface WizardChoices {
  goal: WizardGoal;
  monthlyKwh: number | undefined;
  panel: PanelSpec;
  setback: number;
  economics: Economics;
}

const number = (document: Document, id: string): HTMLInputElement => document.getElementById(id) as HTMLInputElement;

/** The wizard's form fields: filled from presets and defaults, read back as choices. */
export class WizardForm {
  readonly #document: Document;
  readonly goal: HTMLSelectElement;
  readonly kwh: HTMLInputElement;
  readonly #kwhField: HTMLElement;

  constructor(document: Document) {
    this.#document = document;
    this.goal = document.getElementById('wizard-goal') as HTMLSelectElement;
    this.kwh = number(document, 'wizard-kwh');
    this.#kwhField = document.getElementById('wizard-kwh-field')!;
    this.goal.addEventListener('change', () => this.#showKwhField());
  }

  /** Puts presets and defaults into the fields. */
  fill(choices: WizardChoices): void {
    this.goal.value = choices.goal;
    this.kwh.value = choices.monthlyKwh === undefined ? '' : String(choices.monthlyKwh);
    const set = (id: string, value: number) => (number(this.#document, id).value = String(value));
    set('set-width', choices.panel.width);
    set('set-length', choices.panel.length);
    set('set-power', choices.panel.powerW);
    set('set-setback', choices.setback);
    const currency = choices.economics.currency;
    this.#document.getElementById('set-cost-label')!.textContent = t('settings.cost', { currency });
    this.#document.getElementById('set-tariff-label')!.textContent = t('settings.tariff', { currency });
    this.#document.getElementById('set-export-label')!.textContent = t('settings.export', { currency });
    set('set-cost', choices.economics.costPerKwp);
    set('set-tariff', choices.economics.tariff);
    set('set-export', choices.economics.exportTariff);
    set('set-self', Math.round(choices.economics.selfConsumption * 100));
    set('set-degradation', round(choices.economics.degradation * 100, 2));
    set('set-discount', round(choices.economics.discountRate * 100, 2));
    this.#showKwhField();
  }

  /** Reads the fields; a field left empty or out of its range keeps the value in `fallback`. */
  read(fallback: WizardChoices): WizardChoices {
    const value = (id: string, current: number, scale = 1): number => {
      const input = number(this.#document, id);
      const parsed = input.valueAsNumber;
      return input.checkValidity() && Number.isFinite(parsed) ? parsed / scale : current;
    };
    const kwh = this.kwh.valueAsNumber;
    return {
      goal: this.goal.value as WizardGoal,
      monthlyKwh: Number.isFinite(kwh) && kwh > 0 ? kwh : undefined,
      panel: { width: value('set-width', fallback.panel.width), length: value('set-length', fallback.panel.length), powerW: value('set-power', fallback.panel.powerW) },
      setback: value('set-setback', fallback.setback),
      economics: {
        ...fallback.economics,
        costPerKwp: value('set-cost', fallback.economics.costPerKwp),
        tariff: value('set-tariff', fallback.economics.tariff),
        exportTariff: value('set-export', fallback.economics.exportTariff),
        selfConsumption: value('set-self', fallback.economics.selfConsumption, 100),
        degradation: value('set-degradation', fallback.economics.degradation, 100),
        discountRate: value('set-discount', fallback.economics.discountRate, 100),
      },
    };
  }

  /** Calls `onLayout` when panel size or setback change, `onDesign` when goal, target or prices change. */
  listen(onLayout: () => void, onDesign: () => void): void {
    for (const id of ['set-width', 'set-length', 'set-setback']) number(this.#document, id).addEventListener('change', onLayout);
    for (const id of ['set-power', 'set-cost', 'set-tariff', 'set-export', 'set-self', 'set-degradation', 'set-discount', 'wizard-kwh']) number(this.#document, id).addEventListener('change', onDesign);
    this.goal.addEventListener('change', onDesign);
  }

  /** Makes every field read-only (the preview of a visitor without Pro). */
  disable(): void {
    this.goal.disabled = true;
    for (const input of this.#document.querySelectorAll<HTMLInputElement>('#side-panel input')) input.disabled = true;
  }

  /** Shows the monthly use for the bill goal; left empty, it starts at a typical household's, to be changed. */
  #showKwhField(): void {
    this.#kwhField.hidden = this.goal.value !== 'cover_bill';
    if (!this.#kwhField.hidden && this.kwh.value === '') this.kwh.value = String(TYPICAL_MONTHLY_KWH);
  }
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
