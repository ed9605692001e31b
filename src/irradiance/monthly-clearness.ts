/**
 * From recorded horizontal irradiation to the fallback's climate input: the monthly mean clearness index
 * K̄T = H̄ / H̄0 (Duffie & Beckman 2013, §2.9), with H̄0 the extraterrestrial irradiation of each month's
 * average day. No Node imports: the table builder and the browser can both use it.
 */
import { AVERAGE_DAY_OF_MONTH, DAYS_IN_MONTH, extraterrestrialDaily } from './sun-geometry.ts';

/**
 * K̄T of each month from the monthly horizontal irradiation (kWh/m² in the month) at a latitude. A month
 * without extraterrestrial irradiation (polar night) gets 0: the fallback then answers 0 for it anyway.
 */
export function monthlyClearnessIndex(latitudeDeg: number, monthlyGhi: readonly number[]): number[] {
  if (monthlyGhi.length !== 12) throw new RangeError(`12 monthly values are needed, got ${monthlyGhi.length}`);
  return monthlyGhi.map((ghi, month) => {
    const h0 = extraterrestrialDaily(latitudeDeg, AVERAGE_DAY_OF_MONTH[month]) * DAYS_IN_MONTH[month];
    return h0 > 0 ? ghi / h0 : 0;
  });
}

/**
 * The mean of each calendar month over every year of a PVGIS MRcalc answer asked with `horirrad=1`
 * (`outputs.monthly[*]["H(h)_m"]`, kWh/m² in the month). PVGIS sends some numbers as strings; an answer
 * without all twelve months is refused.
 *
 * @throws TypeError when the answer is not a usable MRcalc answer
 */
export function meanMonthlyHorizontal(answer: unknown): number[] {
  const rows = (answer as { outputs?: { monthly?: unknown } } | null)?.outputs?.monthly;
  if (!Array.isArray(rows)) throw new TypeError('the MRcalc answer has no outputs.monthly list');
  const sums = Array<number>(12).fill(0);
  const counts = Array<number>(12).fill(0);
  for (const row of rows as Record<string, unknown>[]) {
    const month = Number(row?.month);
    const ghi = Number(row?.['H(h)_m']);
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isFinite(ghi)) continue;
    sums[month - 1] += ghi;
    counts[month - 1] += 1;
  }
  const missing = counts.flatMap((count, month) => (count === 0 ? [month + 1] : []));
  if (missing.length > 0) throw new TypeError(`the MRcalc answer has no horizontal irradiation (H(h)_m) for month ${missing.join(', ')}`);
  return sums.map((sum, month) => sum / counts[month]);
}
