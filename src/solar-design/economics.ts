/** Money and climate assumptions of a design; shown and editable in the wizard. */
export interface Economics {
  /** ISO 4217 code of every amount (the partner's, else EUR). */
  currency: string;
  /** Installed cost, currency per kWp. */
  costPerKwp: number;
  /** Price of grid electricity the owner saves, per kWh. */
  tariff: number;
  /** What exported electricity earns, per kWh. */
  exportTariff: number;
  /** Share of the yield used in the house (the rest is exported), 0–1. */
  selfConsumption: number;
  /** Yearly loss of panel output, 0–1. */
  degradation: number;
  /** Discount rate for the net present value, 0–1. */
  discountRate: number;
  years: number;
  /** kg CO₂ avoided per kWh produced (grid emission factor). */
  co2KgPerKwh: number;
}

/** The money side of a system. */
export interface Financials {
  /** ISO 4217 code of the amounts. */
  currency: string;
  cost: number;
  /** Savings and export income in the first year. */
  firstYearValue: number;
  /** Net present value over the lifetime: discounted yearly values minus the cost. */
  npv: number;
  /** Years until the undiscounted values repay the cost, or undefined when they never do. */
  paybackYears: number | undefined;
}

/**
 * Cost, yearly value, net present value and payback of a system of `kwp` producing `annualKwh` in its
 * first year. Year t (1…years) produces annualKwh·(1 − degradation)^(t−1), worth
 * selfConsumption·tariff + (1 − selfConsumption)·exportTariff per kWh, discounted by (1 + rate)^t.
 * Payback interpolates within the year the cumulative value passes the cost.
 */
export function financials(kwp: number, annualKwh: number, economics: Economics): Financials {
  const cost = kwp * economics.costPerKwp;
  const valuePerKwh = economics.selfConsumption * economics.tariff + (1 - economics.selfConsumption) * economics.exportTariff;
  let npv = -cost;
  let cumulative = 0;
  let paybackYears: number | undefined;
  for (let year = 1; year <= economics.years; year++) {
    const value = annualKwh * (1 - economics.degradation) ** (year - 1) * valuePerKwh;
    npv += value / (1 + economics.discountRate) ** year;
    if (paybackYears === undefined && value > 0 && cumulative + value >= cost) paybackYears = year - 1 + (cost - cumulative) / value;
    cumulative += value;
  }
  return { currency: economics.currency, cost, firstYearValue: annualKwh * valuePerKwh, npv, paybackYears };
}
