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

/**
 * Codes the runtime formats that are no money to price a roof in: units of account and funds (`X…`, but
 * the CFA and CFP francs and the East Caribbean dollar), and currencies replaced since (Croatian kuna,
 * old Sierra Leonean leone).
 */
const NOT_FOR_PRICES = /^(?!XAF|XCD|XOF|XPF)X..$|^HRK$|^SLL$/;

/** A plain decimal number as people type it: digits, and at most one decimal point or comma. */
const PLAIN_NUMBER = /^\d+(?:[.,]\d+)?$/;

/** Whether a code is a currency in use that this runtime formats (ISO 4217). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && !NOT_FOR_PRICES.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/**
 * Reads the portal's price fields (as typed: a decimal comma is read as a point; thousands separators
 * are refused, since "1,650" may mean 1650 or 1.65).
 *
 * @throws InvalidRequestError naming the field that is not a currency code or an amount in range
 */
export function parsePrices(form: { currency: string; costPerKwp: string; tariff: string; exportTariff: string }): PartnerPrices {
  const currency = form.currency.trim().toUpperCase();
  if (!isCurrency(currency)) throw new InvalidRequestError(`"${form.currency.trim()}" is not a currency: write its three-letter ISO 4217 code, such as EUR, CHF or GBP.`);
  return {
    currency,
    costPerKwp: amount(form.costPerKwp, 'installed cost per kWp', '1650', PRICE_LIMITS.costPerKwp, currency),
    tariff: amount(form.tariff, 'electricity price per kWh', '0.27', PRICE_LIMITS.tariff, currency),
    exportTariff: amount(form.exportTariff, 'export price per kWh', '0.08', PRICE_LIMITS.tariff, currency),
  };
}

/**
 * A price typed in a field.
 *
 * @throws InvalidRequestError for anything but a plain number, a comma that may separate thousands, or
 *   an amount over `max`
 */
function amount(typed: string, field: string, example: string, max: number, currency: string): number {
  const text = typed.trim();
  if (!PLAIN_NUMBER.test(text)) throw new InvalidRequestError(`The ${field} must be a plain number such as ${example}, without thousands separators, signs or letters ("${text}" is not).`);
  if (/^[1-9]\d*,\d{3}$/.test(text)) throw new InvalidRequestError(`The ${field} "${text}" could be ${text.replace(',', '')} or ${text.replace(',', '.')}: write it without a thousands separator (${text.replace(',', '')}), or with a decimal point (${text.replace(',', '.')}).`);
  const value = Number(text.replace(',', '.'));
  if (value > max) throw new InvalidRequestError(`The ${field} must be an amount from 0 to ${max.toLocaleString('en')} ${currency}.`);
  return value;
}
