import type { Kysely } from 'kysely';
import type { Account, AccountsRepository } from '../db/accounts-repository.ts';
import type { BillingEventsRepository } from '../db/billing-events-repository.ts';
import type { Lead, LeadsRepository } from '../db/leads-repository.ts';
import type { Database } from '../db/schema.ts';
import type { UsageRepository, UsageRow } from '../db/usage-repository.ts';
import type { PlanChange } from '../billing/stripe-billing.ts';
import { isEmailAddress } from '../domain/credentials.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { NotAllowedError } from '../domain/not-allowed-error.ts';
import { planAllowsApi, type Plan } from '../domain/plans.ts';
import { DEFAULT_PRICES, parsePrices, type PartnerPrices } from '../domain/partner-prices.ts';
import { ANYWHERE, parseBoundingBox, parseCountries, type SearchArea } from '../domain/search-area.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';

/** Leads shown per page of the portal. */
export const LEADS_PER_PAGE = 20;

/** The profile form as a partner sends it (untrimmed). */
export interface ProfileForm {
  companyName: string;
  leadCapture: boolean;
  notificationEmail: string;
  privacyUrl: string;
}

/** The portal's price fields as typed. */
export type PricesForm = Parameters<typeof parsePrices>[0];

/** What applying a billing event did. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown-account';

/**
 * A partner's account as the portal and the CLI see it: the account and its plan, the profile with lead
 * capture, usage, and leads. A plan change empties this instance's key cache at once (a plan decides
 * whether keys work); other instances hear of it through the database.
 */
export class PartnerProfileService {
  readonly #db: Kysely<Database>;
  readonly #accounts: AccountsRepository;
  readonly #usage: UsageRepository;
  readonly #leads: LeadsRepository;
  readonly #billingEvents: BillingEventsRepository;
  readonly #authenticator: ApiKeyAuthenticator | undefined;

  /** @param deps.authenticator - the key cache of a serving process (none in the CLI) */
  constructor(deps: { db: Kysely<Database>; accounts: AccountsRepository; usage: UsageRepository; leads: LeadsRepository; billingEvents: BillingEventsRepository; authenticator?: ApiKeyAuthenticator }) {
    this.#db = deps.db;
    this.#accounts = deps.accounts;
    this.#usage = deps.usage;
    this.#leads = deps.leads;
    this.#billingEvents = deps.billingEvents;
    this.#authenticator = deps.authenticator;
  }

  findByEmail(email: string): Promise<Account | undefined> {
    return this.#accounts.findByEmail(email);
  }

  /** Creates an account on a plan (operator); undefined when the e-mail is taken. */
  createAccount(email: string, plan: Plan): Promise<Account | undefined> {
    return this.#accounts.create(email, plan);
  }

  /** Sets an account's plan (operator); false when there is no such account. */
  async setPlan(email: string, plan: Plan): Promise<boolean> {
    const changed = await this.#accounts.setPlan(email, plan);
    this.#authenticator?.invalidate();
    return changed;
  }

  /**
   * Applies a verified billing event exactly once: the event id is recorded in the same transaction as
   * the plan change, so an event sent again changes nothing.
   */
  async applyBillingChange(change: PlanChange): Promise<WebhookOutcome> {
    const outcome = await this.#db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      if (!(await this.#billingEvents.recordFirst(trx, { id: change.eventId, type: change.eventType }))) return 'duplicate';
      if (change.kind === 'ignored') return 'ignored';
      return (await this.#accounts.setPlanFromBilling(trx, change)) ? 'applied' : 'unknown-account';
    });
    if (outcome === 'applied') this.#authenticator?.invalidate();
    return outcome;
  }

  /**
   * Saves the profile.
   *
   * @throws InvalidRequestError for an unreadable lead address, lead capture without one, or a privacy
   *   notice that is not a web address
   */
  async updateProfile(accountId: number, form: ProfileForm): Promise<void> {
    const notificationEmail = form.notificationEmail.trim();
    const privacyUrl = form.privacyUrl.trim();
    if (notificationEmail && !isEmailAddress(notificationEmail)) throw new InvalidRequestError('The lead e-mail must be an address such as sales@your-site.example.');
    if (form.leadCapture && !notificationEmail) throw new InvalidRequestError('Lead capture needs an address to send the leads to.');
    if (privacyUrl && !/^https?:\/\//i.test(privacyUrl)) throw new InvalidRequestError('The privacy notice must be a web address starting with https://.');
    await this.#accounts.updateProfile(accountId, {
      companyName: form.companyName.trim() || null,
      leadCapture: form.leadCapture,
      notificationEmail: notificationEmail || null,
      privacyUrl: privacyUrl || null,
    });
  }

  /**
   * Sets where the address search of the account's embeds finds places, from the portal's two fields.
   *
   * @throws InvalidRequestError for a country that is not a two-letter code or an unreadable box
   */
  async updateSearchArea(accountId: number, form: { countries: string; box: string }): Promise<void> {
    await this.#accounts.updateSearchArea(accountId, { countries: parseCountries(form.countries), box: parseBoundingBox(form.box) });
  }

  /**
   * Sets the prices the account's embeds show first, from the portal's fields.
   *
   * @throws NotAllowedError when the account is not on a plan with embeds (Business)
   * @throws InvalidRequestError for a code that is not a currency or an amount that is not a plain number in range
   */
  async updatePrices(account: Account, form: PricesForm): Promise<void> {
    if (!planAllowsApi(account.plan)) throw new NotAllowedError('Prices for the embed need the Business plan.');
    await this.#accounts.updatePrices(account.id, parsePrices(form));
  }

  /** Where the address search of the account's embeds finds places (anywhere for an unknown account). */
  async searchArea(accountId: number): Promise<SearchArea> {
    return (await this.#accounts.findById(accountId))?.searchArea ?? ANYWHERE;
  }

  /**
   * What an embed of the key's account shows of the partner: the quote form (undefined when lead capture
   * is off) and the prices its Solar Wizard starts from (the service's defaults for an unknown account).
   */
  async embedOptions(accountId: number): Promise<{ leadForm?: { company: string | null; privacyUrl: string | null }; prices: PartnerPrices }> {
    const account = await this.#accounts.findById(accountId);
    const leadForm = account?.leadCapture && account.notificationEmail ? { company: account.companyName, privacyUrl: account.privacyUrl } : undefined;
    return { ...(leadForm ? { leadForm } : {}), prices: account?.prices ?? DEFAULT_PRICES };
  }

  /** Model requests per month and key, billable and not. */
  usage(accountId: number): Promise<UsageRow[]> {
    return this.#usage.summary(accountId);
  }

  /** One page of the account's leads (newest first), with the page count. */
  async leadsPage(accountId: number, page: number): Promise<{ leads: Lead[]; total: number; pages: number }> {
    const { leads, total } = await this.#leads.page(accountId, (page - 1) * LEADS_PER_PAGE, LEADS_PER_PAGE);
    return { leads, total, pages: Math.max(1, Math.ceil(total / LEADS_PER_PAGE)) };
  }

  /** Every lead of the account (the CSV download). */
  async allLeads(accountId: number): Promise<Lead[]> {
    return (await this.#leads.page(accountId, 0, 100_000)).leads;
  }
}
