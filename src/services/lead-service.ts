import type { Kysely } from 'kysely';
import type { AccountsRepository } from '../db/accounts-repository.ts';
import type { LeadsRepository } from '../db/leads-repository.ts';
import type { Database } from '../db/schema.ts';
import type { LeadInput, LeadRequest } from '../contract/leads.ts';
import { describeConfiguration } from '../domain/lead.ts';
import { DEFAULT_LANGUAGE } from '../i18n/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { leadConfirmationMail, leadNotificationMail } from '../mail/lead-mails.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { ReportService } from './report-service.ts';
import { leadReportMismatches } from './report-consistency.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';

/** Quote requests one address may send an hour (a person sends one; a script sends many). */
export const LEADS_PER_IP_PER_HOUR = 5;
/** The attached report's file name: named after the roof, so that an installer's saved reports keep apart. */
export function reportFilename(roof: string | undefined): string {
  const name = roof?.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return name ? `site-report-${name}.pdf` : 'site-report.pdf';
}
const TOO_MANY_LEADS = 'Too many requests from this address. Please try again in an hour, or contact the company directly.';

/** What became of a quote request. */
export type LeadOutcome = 'saved' | 'discarded' | 'invalid-key' | 'closed';

/**
 * The embedded viewer's quote form (SPEC.md lead capture): saves the lead for the partner's portal and
 * queues, in the same transaction, the notification to the partner and the confirmation to the visitor.
 */
export class LeadService {
  readonly #db: Kysely<Database>;
  readonly #leads: LeadsRepository;
  readonly #accounts: AccountsRepository;
  readonly #authenticator: ApiKeyAuthenticator;
  readonly #queue: JobQueue;
  readonly #limits: RateLimiter;
  readonly #baseUrl: string;
  readonly #reports: ReportService;

  constructor(deps: { db: Kysely<Database>; leads: LeadsRepository; accounts: AccountsRepository; authenticator: ApiKeyAuthenticator; queue: JobQueue; limits: RateLimiter; publicBaseUrl: string; reports: ReportService }) {
    this.#db = deps.db;
    this.#leads = deps.leads;
    this.#accounts = deps.accounts;
    this.#authenticator = deps.authenticator;
    this.#queue = deps.queue;
    this.#limits = deps.limits;
    this.#baseUrl = deps.publicBaseUrl;
    this.#reports = deps.reports;
  }

  /**
   * Takes a quote request sent with an embed key. A filled honeypot field is answered like a success
   * but nothing is kept or sent.
   *
   * @throws RateLimitedError past 5 requests an hour from one address
   */
  async submit(request: LeadRequest, ip: string, now: Date): Promise<LeadOutcome> {
    const { key, website: honeypot = '', consent: _consent, report, snapshot, ...sent } = request;
    const lead: LeadInput = { ...sent, name: sent.name.trim(), email: sent.email.trim(), address: sent.address.trim(), message: sent.message.trim() };
    const owner = await this.#authenticator.authenticate(key, now);
    if (!owner) return 'invalid-key';
    const account = await this.#accounts.findById(owner.accountId);
    if (!account?.leadCapture || !account.notificationEmail) return 'closed';
    await consumeRateLimit(this.#limits, { bucket: `leads:ip:${ip}`, limit: LEADS_PER_IP_PER_HOUR, windowMs: HOUR_MS, message: TOO_MANY_LEADS }, now);
    if (honeypot !== '') return 'discarded';
    const system = describeConfiguration(lead.configuration);
    const language = lead.language ?? DEFAULT_LANGUAGE;
    // A report saying another system than the request would send the installer two quotes in one e-mail.
    const mismatches = report ? leadReportMismatches(lead.configuration, report) : [];
    if (mismatches.length > 0) throw new InvalidRequestError(`The report sent with the quote request is of another system: ${mismatches.join('; ')}.`);
    // Made before the transaction: a snapshot that is not an image, or figures that do not add up, are refused before anything is kept.
    const pdf = report ? await this.#reports.render({ design: report, language, company: account.companyName, address: lead.address, snapshot }, now) : undefined;
    await this.#db.transaction().execute(async (trx) => {
      await this.#leads.insert(trx, { ...lead, accountId: account.id, apiKeyId: owner.keyId, createdAt: now });
      const reportFile = pdf ? reportFilename(lead.configuration.roof) : undefined;
      const facts = { lead, system, company: account.companyName ?? null, language, partnerAddress: account.notificationEmail!, received: now, baseUrl: this.#baseUrl, reportFile };
      const notification = leadNotificationMail(facts);
      await this.#queue.enqueueEmail(trx, pdf && reportFile ? { ...notification, attachments: [{ filename: reportFile, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }] } : notification);
      await this.#queue.enqueueEmail(trx, leadConfirmationMail(facts));
    });
    return 'saved';
  }
}
