/** Longest values of the quote form (a lead is contact details, not a document). */
export const LEAD_LIMITS = { name: 120, email: 254, phone: 40, address: 300, message: 2000, pageUrl: 500 } as const;

/** The system the visitor was looking at when they asked for a quote. */
export interface LeadConfiguration {
  latitude: number;
  longitude: number;
  /** From the Solar Wizard, when a design was made. */
  roof?: string;
  panels?: number;
  kwp?: number;
  annualKwh?: number;
  goal?: string;
  /** The visitor's correction of the roof the model had (Solar Wizard). */
  roofCorrection?: LeadRoofCorrection;
}

/** A roof as the visitor corrected it: shape, pitch in degrees, ridge bearing in degrees from north. */
export interface LeadRoofCorrection {
  shape: string;
  pitch?: number;
  ridgeDirection?: number;
}

/** What a visitor sends with the quote form. */
export interface LeadInput {
  name: string;
  email: string;
  phone?: string;
  address: string;
  message: string;
  configuration: LeadConfiguration;
  pageUrl?: string;
}

/** A lead's system configuration as one line of text (e-mails, CSV). */
export function describeConfiguration(configuration: LeadConfiguration): string {
  const parts = [`location ${configuration.latitude.toFixed(6)}, ${configuration.longitude.toFixed(6)}`];
  if (configuration.panels !== undefined) parts.push(`${configuration.panels} panels`);
  if (configuration.kwp !== undefined) parts.push(`${configuration.kwp} kWp`);
  if (configuration.annualKwh !== undefined) parts.push(`${Math.round(configuration.annualKwh)} kWh/year`);
  if (configuration.goal) parts.push(`goal ${configuration.goal}`);
  if (configuration.roof) parts.push(`roof ${configuration.roof}`);
  const corrected = configuration.roofCorrection;
  if (corrected) parts.push(`roof corrected by the visitor to ${corrected.shape}${corrected.pitch !== undefined ? `, ${corrected.pitch}°` : ''}${corrected.ridgeDirection !== undefined ? `, ridge ${corrected.ridgeDirection}° from north` : ''}`);
  return parts.join(', ');
}
