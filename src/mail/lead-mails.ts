import type { LeadInput } from '../contract/leads.ts';
import { designLines } from '../domain/lead.ts';
import type { MailMessage } from './mailer.ts';

/** A quote request as both e-mails tell it. */
export interface LeadMailFacts {
  lead: LeadInput;
  /** The configuration as one line (see describeConfiguration). */
  system: string;
  company: string;
  partnerAddress: string;
  received: Date;
  baseUrl: string;
}

/** To the partner: the visitor's details and system; answering reaches the visitor. */
export function leadNotificationMail(facts: LeadMailFacts): MailMessage {
  const { lead } = facts;
  return {
    to: facts.partnerAddress,
    replyTo: lead.email,
    subject: 'New quote request from your site',
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
      `Page: ${lead.pageUrl ?? '—'}`,
      `Received: ${facts.received.toISOString()}`,
      '',
      `All leads: ${facts.baseUrl}/partner/leads`,
    ].join('\n'),
  };
}

/** To the visitor: the request is received; answering reaches the partner. */
export function leadConfirmationMail(facts: LeadMailFacts): MailMessage {
  const { lead, company, system } = facts;
  const design = designLines(lead.configuration);
  return {
    to: lead.email,
    replyTo: facts.partnerAddress,
    subject: `Your quote request to ${company}`,
    text: [
      `Hello ${lead.name},`,
      '',
      `thank you for your request. ${company} has received it and will contact you.`,
      '',
      `Your request: ${system}`,
      `Address: ${lead.address}`,
      ...(design.length > 0 ? ['', 'The design you made:', ...design] : []),
      '',
      `You can answer this message to reach ${company}.`,
    ].join('\n'),
  };
}
