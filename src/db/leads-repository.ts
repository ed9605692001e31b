import type { Kysely } from 'kysely';
import type { LeadConfiguration, LeadInput } from '../contract/leads.ts';
import type { Database } from './schema.ts';

/** A saved lead. */
export interface Lead extends LeadInput {
  id: number;
  createdAt: Date;
}

/** Leads from the embedded viewer's quote form, per partner account. */
export class LeadsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(trx: Kysely<Database>, lead: LeadInput & { accountId: number; apiKeyId: number; createdAt: Date }): Promise<number> {
    const row = await trx
      .insertInto('leads')
      .values({
        account_id: lead.accountId,
        api_key_id: lead.apiKeyId,
        name: lead.name,
        email: lead.email,
        phone: lead.phone ?? null,
        address: lead.address,
        message: lead.message,
        configuration: JSON.stringify(lead.configuration),
        page_url: lead.pageUrl ?? null,
        created_at: lead.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A page of an account's leads, newest first, and how many there are in all. */
  async page(accountId: number, offset: number, limit: number): Promise<{ leads: Lead[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#db.selectFrom('leads').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      this.#db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      leads: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone ?? undefined,
        address: row.address,
        message: row.message,
        configuration: (typeof row.configuration === 'string' ? JSON.parse(row.configuration) : row.configuration) as unknown as LeadConfiguration,
        pageUrl: row.page_url ?? undefined,
        createdAt: row.created_at,
      })),
    };
  }
}
