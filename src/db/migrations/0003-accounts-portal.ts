import { sql, type Kysely } from 'kysely';

/**
 * Sign-in, the Partner Portal's profile and leads: passwords and e-mail verification on accounts,
 * server-side browser sessions, one-time links (verification, password reset), leads, and the billing
 * events already applied (so a repeated webhook changes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('lead_capture', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notification_email', 'text')
    .addColumn('privacy_url', 'text')
    .addColumn('company_name', 'text')
    .addColumn('billing_customer_id', 'text')
    .execute();

  await db.schema
    .createTable('browser_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('browser_sessions_account').on('browser_sessions').column('account_id').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('api_key_id', 'integer', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('configuration', 'jsonb', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_account_created').on('leads').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['billing_events', 'leads', 'account_tokens', 'browser_sessions']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema
    .alterTable('accounts')
    .dropColumn('password_hash')
    .dropColumn('email_verified_at')
    .dropColumn('lead_capture')
    .dropColumn('notification_email')
    .dropColumn('privacy_url')
    .dropColumn('company_name')
    .dropColumn('billing_customer_id')
    .execute();
}
