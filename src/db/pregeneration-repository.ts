import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PregenerationPlacesTable, PregenerationRunsTable } from './schema.ts';

export type PregenerationRunRow = Selectable<PregenerationRunsTable>;
export type NewPregenerationPlace = Omit<Selectable<PregenerationPlacesTable>, 'run_id' | 'queued_at' | 'outcome'>;

/** A place not yet handed to the model service. */
export interface UnqueuedPlace {
  modelId: string;
  latitude: number;
  longitude: number;
}

/** How far a run is: its places by the state of their models. */
export interface RunCounts {
  total: number;
  /** Handed to the model service (new generations, fresh models and joined jobs). */
  queued: number;
  /** Fresh already when handed over: nothing was generated for them. */
  alreadyFresh: number;
  ready: number;
  failed: number;
  /** Waiting for a worker or being generated. */
  inProgress: number;
}

/** A town of the directory: its places with ready models. */
export interface DirectoryTown {
  country: string;
  town: string;
  townKey: string;
  townLatitude: number;
  townLongitude: number;
  places: number;
}

/** A place with a ready model, for the directory. */
export interface DirectoryPlace {
  townKey: string;
  latitude: number;
  longitude: number;
}

/** Pre-generation runs and their places (see migration 0004). */
export class PregenerationRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The run of an area key, created when there is none yet (`created` says which). */
  async findOrCreateRun(run: Omit<PregenerationRunRow, 'id' | 'planned_at' | 'created_at' | 'updated_at'>, now: Date): Promise<{ run: PregenerationRunRow; created: boolean }> {
    const inserted = await this.#db
      .insertInto('pregeneration_runs')
      .values({ ...run, created_at: now, updated_at: now })
      .onConflict((c) => c.column('area_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) await this.#db.updateTable('pregeneration_runs').set({ updated_at: now }).where('area_key', '=', run.area_key).execute();
    const row = await this.#db.selectFrom('pregeneration_runs').selectAll().where('area_key', '=', run.area_key).executeTakeFirstOrThrow();
    return { run: row, created: inserted !== undefined };
  }

  async findRun(id: number): Promise<PregenerationRunRow | undefined> {
    return this.#db.selectFrom('pregeneration_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The model ids of the run's places stored so far. */
  async storedModelIds(runId: number): Promise<Set<string>> {
    const rows = await this.#db.selectFrom('pregeneration_places').select('model_id').where('run_id', '=', runId).execute();
    return new Set(rows.map((row) => row.model_id));
  }

  /** Stores places of a run (ones stored before are left as they are). */
  async addPlaces(runId: number, places: NewPregenerationPlace[]): Promise<void> {
    if (places.length === 0) return;
    await this.#db
      .insertInto('pregeneration_places')
      .values(places.map((place) => ({ ...place, run_id: runId })))
      .onConflict((c) => c.columns(['run_id', 'model_id']).doNothing())
      .execute();
  }

  /** Every place of the run is stored. */
  async markPlanned(runId: number, now: Date): Promise<void> {
    await this.#db.updateTable('pregeneration_runs').set({ planned_at: now, updated_at: now }).where('id', '=', runId).execute();
  }

  /** Up to `limit` places of the run not handed to the model service yet, in grid order. */
  async unqueued(runId: number, limit: number): Promise<UnqueuedPlace[]> {
    const rows = await this.#db
      .selectFrom('pregeneration_places')
      .select(['model_id', 'latitude', 'longitude'])
      .where('run_id', '=', runId)
      .where('queued_at', 'is', null)
      .orderBy('latitude', 'desc')
      .orderBy('longitude')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ modelId: row.model_id, latitude: row.latitude, longitude: row.longitude }));
  }

  /** Records what the model service answered for a place. */
  async markQueued(runId: number, modelId: string, outcome: string, now: Date): Promise<void> {
    await this.#db.updateTable('pregeneration_places').set({ queued_at: now, outcome }).where('run_id', '=', runId).where('model_id', '=', modelId).execute();
  }

  /**
   * Hands back to the queueing places whose model failed or expired (completed at or before `cutoff`),
   * so a run started again generates them anew.
   *
   * @returns how many places were handed back
   */
  async requeueStale(runId: number, cutoff: Date): Promise<number> {
    const result = await this.#db
      .updateTable('pregeneration_places')
      .set({ queued_at: null, outcome: null })
      .where('run_id', '=', runId)
      .where('queued_at', 'is not', null)
      .where((eb) =>
        eb(
          'model_id',
          'in',
          eb.selectFrom('model_jobs').select('id').where((j) => j.or([j('status', '=', 'failed'), j.and([j('status', '=', 'ready'), j('completed_at', '<=', cutoff)])])),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The run's places counted by their models' states. */
  async counts(runId: number): Promise<RunCounts> {
    const rows = await this.#db
      .selectFrom('pregeneration_places as p')
      .leftJoin('model_jobs as j', 'j.id', 'p.model_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('p.queued_at').as('queued'),
        eb.fn.sum<string>(sql`case when p.outcome = 'cache_hit' then 1 else 0 end`).as('fresh'),
        eb.fn.sum<string>(sql`case when p.queued_at is not null and j.status = 'ready' then 1 else 0 end`).as('ready'),
        eb.fn.sum<string>(sql`case when p.queued_at is not null and j.status = 'failed' then 1 else 0 end`).as('failed'),
        eb.fn.sum<string>(sql`case when p.queued_at is not null and j.status in ('pending', 'processing') then 1 else 0 end`).as('busy'),
      ])
      .where('p.run_id', '=', runId)
      .executeTakeFirstOrThrow();
    return { total: Number(rows.total), queued: Number(rows.queued), alreadyFresh: Number(rows.fresh ?? 0), ready: Number(rows.ready ?? 0), failed: Number(rows.failed ?? 0), inProgress: Number(rows.busy ?? 0) };
  }

  /** Every pre-generation run, newest first. */
  async runs(): Promise<PregenerationRunRow[]> {
    return this.#db.selectFrom('pregeneration_runs').selectAll().orderBy('created_at', 'desc').execute();
  }

  /** Towns with ready models of any run, by country and town name, with how many places each has. */
  async directoryTowns(): Promise<DirectoryTown[]> {
    const rows = await this.#readyPlaces()
      .select((eb) => [
        sql<string>`coalesce(p.country, '')`.as('country'),
        sql<string>`coalesce(p.town, '')`.as('town'),
        sql<string>`coalesce(p.town_key, '')`.as('town_key'),
        eb.fn.max('p.town_latitude').as('town_latitude'),
        eb.fn.max('p.town_longitude').as('town_longitude'),
        sql<string>`count(distinct (p.latitude, p.longitude))`.as('places'),
      ])
      .groupBy([sql`coalesce(p.country, '')`, sql`coalesce(p.town, '')`, sql`coalesce(p.town_key, '')`])
      .orderBy(sql`coalesce(p.country, '')`)
      .orderBy(sql`coalesce(p.town, '')`)
      .execute();
    return rows.map((row) => ({ country: row.country, town: row.town, townKey: row.town_key, townLatitude: Number(row.town_latitude ?? 0), townLongitude: Number(row.town_longitude ?? 0), places: Number(row.places) }));
  }

  /** The places with ready models of the given towns (`''`: places no town was found for). */
  async directoryPlaces(townKeys: string[]): Promise<DirectoryPlace[]> {
    if (townKeys.length === 0) return [];
    const rows = await this.#readyPlaces()
      .select([sql<string>`coalesce(p.town_key, '')`.as('town_key'), 'p.latitude', 'p.longitude'])
      .where(sql<string>`coalesce(p.town_key, '')`, 'in', townKeys)
      .distinct()
      .execute();
    return rows.map((row) => ({ townKey: row.town_key, latitude: row.latitude, longitude: row.longitude }));
  }

  #readyPlaces() {
    return this.#db.selectFrom('pregeneration_places as p').innerJoin('model_jobs as j', 'j.id', 'p.model_id').where('j.status', '=', 'ready');
  }
}
