import { PRICE_LIMITS } from '../contract/prices.ts';
import { InvalidRequestError } from './invalid-request-error.ts';

/**
 * The prices a partner's visitors see first in the Solar Wizard (they can change them): the currency of
 * every amount, the installed cost per kWp, and what a kWh from the grid costs and earns when exported.
 */
export interface PartnerPrices {
  /** ISO 4217 code, upper case (`EUR`, `CHF`, `GBP`). */
  currency: string;
  costPerKwp: number;
  tariff: number;
  exportTariff: number;
}

/**
 * The prices of an account that set none: a European home in 2026, about 1,400 EUR/kWp installed,
 * 0.30 EUR/kWh from the grid and 0.08 EUR/kWh for export (the wizard's defaults before partners set theirs).
 */
export const DEFAULT_PRICES: PartnerPrices = { currency: 'EUR', costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08 };

/** Whether a code is a currency this runtime formats (ISO 4217). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/**
 * Reads the portal's price fields (as typed: a decimal comma is read as a point).
 *
 * @throws InvalidRequestError naming the field that is not a currency code or an amount in range
 */
export function parsePrices(form: { currency: string; costPerKwp: string; tariff: string; exportTariff: string }): PartnerPrices {
  const currency = form.currency.trim().toUpperCase();
  if (!isCurrency(currency)) throw new InvalidRequestError(`"${form.currency.trim()}" is not a currency: write its three-letter ISO 4217 code, such as EUR, CHF or GBP.`);
  const amount = (text: string, field: string, max: number): number => {
    const value = Number(text.trim().replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > max) throw new InvalidRequestError(`The ${field} must be an amount from 0 to ${max.toLocaleString('en')} ${currency}.`);
    return value;
  };
  return {
    currency,
    costPerKwp: amount(form.costPerKwp, 'installed cost per kWp', PRICE_LIMITS.costPerKwp),
    tariff: amount(form.tariff, 'electricity price per kWh', PRICE_LIMITS.tariff),
    exportTariff: amount(form.exportTariff, 'export price per kWh', PRICE_LIMITS.tariff),
  };
}
