import type { LeadConfiguration, LeadInput } from '../contract/leads.ts';
import { designLines, roofMapUrl } from '../domain/lead.ts';
import { translator, type Language, type Translator } from '../i18n/index.ts';
import type { MailMessage } from './mailer.ts';
import { siteTimeZone } from '../domain/site-time-zone.ts';

/** A quote request as both e-mails tell it. */
export interface LeadMailFacts {
  lead: LeadInput;
  /** The configuration as one line (see describeConfiguration). */
  system: string;
  /** The installer's company name from the portal profile, when they gave one. */
  company: string | null;
  /** The visitor's language (the page's), for the e-mail to them. */
  language: Language;
  partnerAddress: string;
  received: Date;
  baseUrl: string;
  /** The file name of the site report attached to the installer's e-mail, when the request carried a design. */
  reportFile?: string;
}

/** To the partner: the visitor's details and system; answering reaches the visitor. */
export function leadNotificationMail(facts: LeadMailFacts): MailMessage {
  const { lead } = facts;
  return {
    to: facts.partnerAddress,
    replyTo: lead.email,
    // The system's size, for an installer sorting a morning's requests; not the visitor's name, since
    // subjects are logged as mail is sent.
    subject: `New quote request${lead.configuration.kwp ? `: ${lead.configuration.kwp} kWp` : ''}`,
    text: [
      'A visitor asked for a quote in the 3D solar viewer on your site.',
      '',
      `Name: ${lead.name}`,
      `E-mail: ${lead.email}`,
      `Phone: ${lead.phone ?? '—'}`,
      `Address: ${lead.address}`,
      `Message: ${lead.message}`,
      '',
      `System: ${facts.system}`,
      ...designLines(lead.configuration),
      ...(facts.reportFile ? [`Site report: attached (${facts.reportFile}): the roof, how it is known, the figures and their assumptions`] : []),
      `Page: ${lead.pageUrl ?? '—'}`,
      `Received: ${receivedAt(facts.received, lead.configuration)}`,
      '',
      `All leads: ${facts.baseUrl}/partner/leads`,
    ].join('\n'),
  };
}

/** To the visitor, in their language: the request is received; answering reaches the partner. */
export function leadConfirmationMail(facts: LeadMailFacts): MailMessage {
  const { lead } = facts;
  const tr = translator(facts.language);
  const company = facts.company ?? tr.t('mail.theInstaller');
  return {
    to: lead.email,
    replyTo: facts.partnerAddress,
    subject: tr.t('mail.confirmSubject', { company }),
    text: tr.t('mail.confirmBody', { name: lead.name, company, system: describeSystem(lead.configuration, tr), address: lead.address }),
  };
}

/** The configuration as one line in the visitor's language (the partner's e-mail keeps the English one). */
function describeSystem(configuration: LeadConfiguration, tr: Translator): string {
  const parts = [tr.t('system.location', { latitude: tr.number(configuration.latitude, 6), longitude: tr.number(configuration.longitude, 6) })];
  if (configuration.panels !== undefined) parts.push(tr.t('system.panels', { count: configuration.panels }));
  if (configuration.kwp !== undefined) parts.push(tr.t('system.kwp', { value: tr.number(configuration.kwp, 3) }));
  if (configuration.annualKwh !== undefined) parts.push(tr.t('system.kwh', { value: tr.number(configuration.annualKwh) }));
  if (configuration.roofLatitude !== undefined && configuration.roofLongitude !== undefined) {
    const link = roofMapUrl(configuration);
    parts.push(tr.t('system.roof', { latitude: tr.number(configuration.roofLatitude, 6), longitude: tr.number(configuration.roofLongitude, 6) }) + (link ? ` (${link})` : ''));
  }
  return parts.join(', ');
}

/**
 * When the request came, in the house's own time zone (the site report is dated there too) and in UTC:
 * "29 November 2026, 01:14 Europe/Monaco (2026-11-29 00:14 UTC)".
 */
function receivedAt(received: Date, at: { latitude: number; longitude: number }): string {
  const zone = siteTimeZone(at.latitude, at.longitude);
  const local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(received);
  return `${local} ${zone} (${received.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
}
