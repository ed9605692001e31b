import type { LeadConfiguration } from '../contract/leads.ts';

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
