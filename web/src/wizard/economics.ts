import { DEFAULT_PRICES } from '../../../src/domain/partner-prices.ts';
import type { Economics } from '../../../src/solar-design/index.ts';

/**
 * Defaults for a European home in 2026: the service's default prices (src/domain/partner-prices.ts; a
 * partner's embed starts from the partner's own), 35 % used at home without a battery, 0.5 %/year
 * degradation, 4 % discount rate over 20 years, and 0.25 kg CO₂/kWh (EU grid average, EEA 2023).
 */
export const DEFAULT_ECONOMICS: Economics = {
  ...DEFAULT_PRICES,
  selfConsumption: 0.35,
  degradation: 0.005,
  discountRate: 0.04,
  years: 20,
  co2KgPerKwh: 0.25,
};

