import type { Lead } from '../db/leads-repository.ts';
import { describeConfiguration } from '../domain/lead.ts';

const COLUMNS = ['received_utc', 'name', 'email', 'phone', 'address', 'message', 'system', 'latitude', 'longitude', 'panels', 'kwp', 'annual_kwh', 'page', 'roof', 'roof_latitude', 'roof_longitude', 'goal', 'monthly_use_kwh'];

/**
 * Leads as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read accents). A cell a visitor
 * typed that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe, so a
 * spreadsheet shows it as text instead of running it as a formula.
 */
export function leadsCsv(leads: Lead[]): string {
  const rows = leads.map((lead) => [
    lead.createdAt.toISOString(),
    lead.name,
    lead.email,
    lead.phone ?? '',
    lead.address,
    lead.message,
    describeConfiguration(lead.configuration),
    String(lead.configuration.latitude),
    String(lead.configuration.longitude),
    lead.configuration.panels === undefined ? '' : String(lead.configuration.panels),
    lead.configuration.kwp === undefined ? '' : String(lead.configuration.kwp),
    lead.configuration.annualKwh === undefined ? '' : String(lead.configuration.annualKwh),
    lead.pageUrl ?? '',
    lead.configuration.roof ?? '',
    lead.configuration.roofLatitude === undefined ? '' : String(lead.configuration.roofLatitude),
    lead.configuration.roofLongitude === undefined ? '' : String(lead.configuration.roofLongitude),
    lead.configuration.goal ?? '',
    lead.configuration.monthlyUseKwh === undefined ? '' : String(lead.configuration.monthlyUseKwh),
  ]);
  return `\uFEFF${[COLUMNS, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
