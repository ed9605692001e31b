import type { Kysely, Selectable } from 'kysely';
import type { AgentSessionsTable, Database } from './schema.ts';

export type AgentSessionRow = Selectable<AgentSessionsTable>;

/** Agent sessions created by chatbots and assistants. */
export class AgentSessionsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: AgentSessionRow): Promise<void> {
    await this.#db.insertInto('agent_sessions').values(row).execute();
  }

  /** A session that has not expired at `now`. */
  async findLive(id: string, now: Date): Promise<AgentSessionRow | undefined> {
    return this.#db.selectFrom('agent_sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
  }

  /**
   * Marks a live session as opened by its user, in the quality the viewer shows; the first opening time
   * is kept. Returns the session as
   * it is now, or undefined when unknown or expired.
   */
  async markOpened(id: string, quality: string, now: Date): Promise<AgentSessionRow | undefined> {
    return this.#db
      .updateTable('agent_sessions')
      .set((eb) => ({ status: 'opened', quality, opened_at: eb.fn.coalesce('opened_at', eb.val(now)) }))
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes sessions that expired before `before`; returns how many. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('agent_sessions').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
