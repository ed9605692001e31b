import type { AccountsRepository } from '../db/accounts-repository.ts';
import type { ReportRequest, SiteReportDesign } from '../contract/report.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { isCurrency } from '../domain/partner-prices.ts';
import { siteTimeZone } from '../domain/site-time-zone.ts';
import type { Language } from '../i18n/index.ts';
import { readSnapshot } from '../report/report-snapshot.ts';
import { siteReportPdf } from '../report/site-report-pdf.ts';
import { reportInconsistencies } from './report-consistency.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';

/** Site reports one address may have made an hour on keyless pages (a visitor downloads a few; each costs a PDF). */
export const REPORTS_PER_IP_PER_HOUR = 30;

/** What one report is made of, once the installer is known. */
export interface ReportParts {
  design: SiteReportDesign;
  language: Language;
  company: string | null;
  address?: string;
  /** The snapshot data URL as the browser sent it. */
  snapshot?: string;
}

/**
 * The site report (PDF) of a Solar Wizard design: downloaded by the visitor, and attached to the lead
 * e-mail to the installer. Made on the server from the design's figures and the browser's snapshot of
 * the 3D view, naming the installer from the key's portal profile.
 */
export class ReportService {
  readonly #authenticator: ApiKeyAuthenticator;
  readonly #accounts: AccountsRepository;
  readonly #limits: RateLimiter;

  constructor(deps: { authenticator: ApiKeyAuthenticator; accounts: AccountsRepository; limits: RateLimiter }) {
    this.#authenticator = deps.authenticator;
    this.#accounts = deps.accounts;
    this.#limits = deps.limits;
  }

  /**
   * The report a visitor downloads. With the embed's key, the installer's company name goes on it;
   * undefined for a key that does not work. Like the embed itself, a partner's page is not rate
   * limited; keyless pages (`/viewer`) are, per address.
   *
   * @throws RateLimitedError past {@link REPORTS_PER_IP_PER_HOUR} reports an hour from `ip` without a key
   * @throws InvalidRequestError for a snapshot that is not the image it claims to be
   */
  async download(request: ReportRequest, ip: string, now: Date): Promise<Buffer | undefined> {
    let company: string | null = null;
    if (request.key !== undefined) {
      const owner = await this.#authenticator.authenticate(request.key, now);
      if (!owner) return undefined;
      company = (await this.#accounts.findById(owner.accountId))?.companyName ?? null;
    } else {
      await consumeRateLimit(this.#limits, { bucket: `reports:ip:${ip}`, limit: REPORTS_PER_IP_PER_HOUR, windowMs: HOUR_MS, message: 'Too many reports from this address. Please try again in an hour.' }, now);
    }
    return this.render({ design: request.design, language: request.language ?? 'en', company, address: request.address, snapshot: request.snapshot }, now);
  }

  /**
   * The PDF of `parts`, dated `now` in the site's time zone.
   *
   * @throws InvalidRequestError for a currency code no one issues, figures that do not add up (see
   *   reportInconsistencies), or a snapshot that is not the image it claims to be
   */
  async render(parts: ReportParts, now: Date): Promise<Buffer> {
    const currency = parts.design.assumptions.currency;
    if (currency !== undefined && !isCurrency(currency)) throw new InvalidRequestError(`design.assumptions.currency "${currency}" is not a currency: send an ISO 4217 code such as EUR, CHF or GBP.`);
    const problems = reportInconsistencies(parts.design);
    if (problems.length > 0) throw new InvalidRequestError(`The design's figures do not add up, so no report is made of them: ${problems.join('; ')}.`);
    const snapshot = parts.snapshot === undefined ? undefined : await readSnapshot(parts.snapshot);
    return siteReportPdf({
      design: parts.design,
      language: parts.language,
      company: parts.company,
      address: parts.address,
      snapshot,
      made: now,
      timeZone: siteTimeZone(parts.design.latitude, parts.design.longitude),
    });
  }
}
