import type { Kysely } from 'kysely';
import type { Plan } from '../domain/plans.ts';
import { announceChange } from './database.ts';
import type { Database } from './schema.ts';

export interface Account {
  id: number;
  email: string;
  plan: string;
  createdAt: Date;
}

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

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
    return row && toAccount(row);
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

function toAccount(row: { id: number; email: string; plan: string; created_at: Date }): Account {
  return { id: row.id, email: row.email, plan: row.plan, createdAt: row.created_at };
}
