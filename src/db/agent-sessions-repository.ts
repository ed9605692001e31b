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

  /** Deletes sessions that expired before `before`; returns how many. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.#db.deleteFrom('agent_sessions').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
