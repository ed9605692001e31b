import type { Kysely, Selectable } from 'kysely';
import type { Plan } from '../domain/plans.ts';
import { DEFAULT_PRICES, isCurrency, type PartnerPrices } from '../domain/partner-prices.ts';
import type { SearchArea } from '../domain/search-area.ts';
import { announceChange } from './database.ts';
import type { AccountsTable, Database } from './schema.ts';

export interface Account {
  id: number;
  email: string;
  plan: string;
  createdAt: Date;
  emailVerified: boolean;
  leadCapture: boolean;
  notificationEmail: string | null;
  privacyUrl: string | null;
  companyName: string | null;
  billingCustomerId: string | null;
  /** Where the address search of the account's embeds finds places. */
  searchArea: SearchArea;
  /** The prices the account's embeds show first. */
  prices: PartnerPrices;
}

/** What a partner sets on the portal's profile page. */
export interface AccountProfile {
  companyName: string | null;
  leadCapture: boolean;
  notificationEmail: string | null;
  privacyUrl: string | null;
}

type AccountRow = Selectable<AccountsTable>;

/** Accounts: one per partner or visitor, identified by e-mail. */
export class AccountsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Creates an account; returns undefined when the e-mail is taken. */
  async create(email: string, plan: Plan): Promise<Account | undefined> {
    const row = await this.#db
      .insertInto('accounts')
      .values({ email: normaliseEmail(email), plan })
      .onConflict((c) => c.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toAccount(row);
  }

  /** Creates a signed-up account (free plan, e-mail not yet verified); undefined when the e-mail is taken. */
  async createWithPassword(trx: Kysely<Database>, email: string, passwordHash: string): Promise<Account | undefined> {
    const row = await trx
      .insertInto('accounts')
      .values({ email: normaliseEmail(email), plan: 'free', password_hash: passwordHash })
      .onConflict((c) => c.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toAccount(row);
  }

  /** @param db - a transaction to read in, when the caller holds one */
  async findById(id: number, db: Kysely<Database> = this.#db): Promise<Account | undefined> {
    const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAccount(row);
  }

  /** The stored password hash of an account, for sign-in. */
  async passwordHash(email: string): Promise<{ account: Account; hash: string | null } | undefined> {
    const row = await this.#db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
    return row && { account: toAccount(row), hash: row.password_hash };
  }

  async setPassword(trx: Kysely<Database>, accountId: number, passwordHash: string): Promise<void> {
    await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
  }

  async markVerified(trx: Kysely<Database>, accountId: number, now: Date): Promise<void> {
    await trx.updateTable('accounts').set({ email_verified_at: now }).where('id', '=', accountId).where('email_verified_at', 'is', null).execute();
  }

  async updateProfile(accountId: number, profile: AccountProfile): Promise<void> {
    await this.#db
      .updateTable('accounts')
      .set({ company_name: profile.companyName, lead_capture: profile.leadCapture, notification_email: profile.notificationEmail, privacy_url: profile.privacyUrl })
      .where('id', '=', accountId)
      .execute();
  }

  /** Sets the prices the account's embeds show first. */
  async updatePrices(accountId: number, prices: PartnerPrices): Promise<void> {
    await this.#db.updateTable('accounts').set({ prices: JSON.stringify(prices) }).where('id', '=', accountId).execute();
  }

  /** Sets where the address search of the account's embeds finds places. */
  async updateSearchArea(accountId: number, area: SearchArea): Promise<void> {
    await this.#db
      .updateTable('accounts')
      .set({ search_countries: area.countries.length > 0 ? area.countries.join(',') : null, search_bbox: area.box ? area.box.join(',') : null })
      .where('id', '=', accountId)
      .execute();
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
    return row && toAccount(row);
  }

  /**
   * Sets the plan a billing event decided, on the account it names (or the one with its customer id),
   * and remembers the customer id. Key checks on every instance see the change at once, so a downgrade
   * from Business stops the account's keys immediately. Returns false when no account matches.
   */
  async setPlanFromBilling(trx: Kysely<Database>, change: { accountId?: number; customerId?: string; plan: Plan }): Promise<boolean> {
    let query = trx.updateTable('accounts').set({ plan: change.plan, ...(change.customerId ? { billing_customer_id: change.customerId } : {}) });
    if (change.accountId !== undefined && Number.isInteger(change.accountId)) query = query.where('id', '=', change.accountId);
    else if (change.customerId) query = query.where('billing_customer_id', '=', change.customerId);
    else return false;
    const result = await query.executeTakeFirst();
    await announceChange(trx, 'keys');
    return result.numUpdatedRows > 0n;
  }

  /** Changes the plan; key checks on every instance see it at once. Returns false when no such account. */
  async setPlan(email: string, plan: Plan): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('accounts').set({ plan }).where('email', '=', normaliseEmail(email)).executeTakeFirst();
      await announceChange(trx, 'keys');
      return result.numUpdatedRows > 0n;
    });
  }
}

/** E-mail addresses compare without case and surrounding space. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The prices stored on an account, amount by amount; what is missing or not as the portal saves it (a
 * value edited by hand) is the default, so an account can always be read and its embeds always work.
 */
function storedPrices(stored: string | null): PartnerPrices {
  let saved: Partial<Record<keyof PartnerPrices, unknown>> = {};
  try {
    saved = stored ? (JSON.parse(stored) as typeof saved) : {};
  } catch {
    return DEFAULT_PRICES;
  }
  const currency = typeof saved.currency === 'string' && isCurrency(saved.currency) ? saved.currency : DEFAULT_PRICES.currency;
  const amount = (key: 'costPerKwp' | 'tariff' | 'exportTariff') => {
    const value = saved[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_PRICES[key];
  };
  return { currency, costPerKwp: amount('costPerKwp'), tariff: amount('tariff'), exportTariff: amount('exportTariff') };
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    createdAt: row.created_at,
    emailVerified: row.email_verified_at !== null,
    leadCapture: row.lead_capture,
    notificationEmail: row.notification_email,
    privacyUrl: row.privacy_url,
    companyName: row.company_name,
    billingCustomerId: row.billing_customer_id,
    searchArea: {
      countries: row.search_countries ? row.search_countries.split(',') : [],
      box: row.search_bbox ? (row.search_bbox.split(',').map(Number) as SearchArea['box']) : undefined,
    },
    prices: storedPrices(row.prices),
  };
}
