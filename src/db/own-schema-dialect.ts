import { sql, type DatabaseIntrospector, type Dialect, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * A PostgreSQL dialect (server or PGlite) whose introspection sees only the service's own schema.
 *
 * Kysely's migrator asks the introspector whether its tables exist. The stock introspector lists every
 * table and column of the whole database, looking each column up again by name; when another schema
 * is dropped meanwhile (another instance's, or another test file's), that lookup waits for the drop
 * and then fails ("column … of relation … does not exist"). Looking only at our schema, the migrator
 * neither waits for nor trips over anybody else's tables.
 */
export class OwnSchemaDialect implements Dialect {
  readonly #inner: Dialect;
  readonly #schema: string;

  constructor(inner: Dialect, schema: string) {
    this.#inner = inner;
    this.#schema = schema;
  }

  createDriver(): ReturnType<Dialect['createDriver']> {
    return this.#inner.createDriver();
  }

  createQueryCompiler(): ReturnType<Dialect['createQueryCompiler']> {
    return this.#inner.createQueryCompiler();
  }

  createAdapter(): ReturnType<Dialect['createAdapter']> {
    return this.#inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.#schema);
  }
}

/**
 * Names the schema and its tables and views, Kysely's own among them (without their columns, which
 * the migrator does not read).
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${this.#schema}`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; is_view: boolean; is_foreign: boolean }>`
      select c.relname as name, c.relkind in ('v', 'm') as is_view, c.relkind = 'f' as is_foreign
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.#schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(this.#db);
    return rows.map((row) => ({ name: row.name, schema: this.#schema, isView: row.is_view, isForeign: row.is_foreign, columns: [] }));
  }
}
