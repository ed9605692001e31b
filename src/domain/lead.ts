import type { LeadConfiguration } from '../contract/leads.ts';
import { WIZARD_GOALS, type WizardGoal } from '../contract/sessions.ts';
import { translator } from '../i18n/index.ts';
import { describeCorrection } from './roof-correction-text.ts';
import { pointText } from './point-text.ts';

/** The partner's e-mails, portal and CSV are in English. */
const ENGLISH = translator('en');

/** The OpenStreetMap page of a lead's roof (`way/123` → its osm.org address), when the roof has an OSM id. */
export function roofMapUrl(configuration: LeadConfiguration): string | undefined {
  const roof = configuration.roof;
  return roof && /^(node|way|relation)\/\d+$/.test(roof) ? `https://www.openstreetmap.org/${roof}` : undefined;
}

/** Where the chosen roof is, as `latitude, longitude` (see {@link pointText}), when the visitor chose one. */
export function roofLocation(configuration: LeadConfiguration): string | undefined {
  if (configuration.roofLatitude === undefined || configuration.roofLongitude === undefined) return undefined;
  return pointText(ENGLISH, configuration.roofLatitude, configuration.roofLongitude);
}

/** A lead's system configuration as one line of text (e-mails, CSV). */
export function describeConfiguration(configuration: LeadConfiguration): string {
  const parts = [`location ${pointText(ENGLISH, configuration.latitude, configuration.longitude)}`];
  if (configuration.panels !== undefined) parts.push(`${configuration.panels} panels`);
  if (configuration.kwp !== undefined) parts.push(`${configuration.kwp} kWp`);
  if (configuration.annualKwh !== undefined) parts.push(`${kwh(configuration.annualKwh)} kWh/year`);
  if (configuration.goal) parts.push(`goal: ${goalText(configuration)}`);
  const at = roofLocation(configuration);
  if (configuration.roof) parts.push(`roof ${configuration.roof}${at ? ` at ${at}` : ''}`);
  else if (at) parts.push(`roof at ${at}`);
  if (configuration.roofCorrection) parts.push(`roof corrected by the visitor to ${correction(configuration)}`);
  return parts.join(', ');
}

/**
 * The design the visitor made, one fact a line, for both e-mails: the roof (its OSM id, where it is and
 * a link to it on the map), the panels, peak power, yearly yield and goal. Empty before a design.
 */
export function designLines(configuration: LeadConfiguration): string[] {
  const lines: string[] = [];
  const at = roofLocation(configuration);
  const link = roofMapUrl(configuration);
  if (configuration.roof || at) lines.push(`Roof: ${[configuration.roof, at && `at ${at}`].filter(Boolean).join(' ')}${link ? ` (${link})` : ''}`);
  if (configuration.panels !== undefined) lines.push(`Panels: ${configuration.panels}`);
  if (configuration.kwp !== undefined) lines.push(`Peak power: ${configuration.kwp} kWp`);
  if (configuration.annualKwh !== undefined) lines.push(`Yearly yield: about ${kwh(configuration.annualKwh)} kWh`);
  if (configuration.goal) lines.push(`Goal: ${goalText(configuration)}`);
  if (configuration.roofCorrection) lines.push(`Roof as the visitor corrected it: ${correction(configuration)}`);
  return lines;
}

/**
 * The visitor's goal as the wizard named it to them, with the monthly use they gave for covering their
 * bill (what an installer sizes a quote by); a goal the wizard does not know is shown as sent.
 */
export function goalText({ goal, monthlyUseKwh }: LeadConfiguration): string {
  if (!goal) return '';
  if (!(WIZARD_GOALS as readonly string[]).includes(goal)) return goal;
  const label = ENGLISH.t(`goal.${goal as WizardGoal}`);
  return goal === 'cover_bill' && monthlyUseKwh !== undefined ? `${label} (${kwh(monthlyUseKwh)} kWh a month)` : label;
}

function correction({ roofCorrection: corrected }: LeadConfiguration): string {
  return corrected ? describeCorrection(ENGLISH, corrected, true) : '';
}

/** Energy in whole kWh, written as the English report writes numbers ("346,996"). */
function kwh(value: number): string {
  return ENGLISH.number(value);
}
