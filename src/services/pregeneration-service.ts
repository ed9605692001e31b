import { DEFAULT_RADIUS_KM } from '../contract/models.ts';
import type { PregenerationRepository, PregenerationRunRow, RunCounts } from '../db/pregeneration-repository.ts';
import { modelId, type ModelQuality } from '../domain/model-id.ts';
import { freshnessCutoff } from '../domain/model-job.ts';
import { describeBox, gridPlaces, placeFromCentre, widenBox, type GeoBox } from '../domain/pregeneration-area.ts';
import type { ModelService } from './model-service.ts';

/** What to pre-generate: an area, the distance between places, and the models' quality. */
export interface PregenerationPlan {
  box: GeoBox;
  spacingKm: number;
  quality: ModelQuality;
}

/** The town nearest a point, as the OSM place lookup answers (see loadGazetteer in src/modelgen). */
export interface PlaceNameAnswer {
  town: string;
  townOsmId: number;
  townLatitude: number;
  townLongitude: number;
  country: string;
}

/** Reads the names of a box's towns once, then names any point in it. */
export type LoadPlaceNames = (box: GeoBox) => Promise<{ nameOf(latitude: number, longitude: number): PlaceNameAnswer | undefined }>;

/** A pre-generation run as the command reports it. */
export interface PregenerationRun {
  id: number;
  area: string;
  quality: ModelQuality;
  spacingKm: number;
  places: number;
  /** True when this command created the run; false when it goes on with an earlier one. */
  created: boolean;
}

/** The directory of pre-generated places (`/explore`): countries, their towns, each town's places. */
export interface PlaceDirectory {
  countries: { name: string; towns: DirectoryTownView[] }[];
  towns: number;
  places: number;
}

export interface DirectoryTownView {
  name: string;
  key: string;
  places: number;
  /** The town's places nearest its centre first; fewer than `places` when the list is cut. */
  shown: { latitude: number; longitude: number; label: string }[];
}

/** Places stored per insert while planning a run. */
const PLACE_BATCH = 1000;
/** Places read at a time while queueing. */
const QUEUE_BATCH = 200;
/** How far around the area town names are read, so a place at its edge finds its nearest town. */
const NAME_MARGIN_KM = 20;
/** Above this many places the directory lists towns only; each town's page lists its places. */
const DIRECTORY_PLACE_LIMIT = 5000;
/** Places shown under each town on the whole directory. */
const PLACES_PER_TOWN = 24;

/**
 * Pre-generation of an area: a grid of places over it, each named after its nearest town, whose models
 * are requested through the model service (so fresh models are skipped and the queue's workers on any
 * machine generate the rest). The run and every place's state are in the database: a command that
 * stops, for any reason, is run again and goes on.
 */
export class PregenerationService {
  readonly #runs: PregenerationRepository;
  readonly #models: ModelService;

  constructor(deps: { runs: PregenerationRepository; models: ModelService }) {
    this.#runs = deps.runs;
    this.#models = deps.models;
  }

  /**
   * Finds the run of the plan (same area, spacing and quality) or creates it, and stores any of its
   * places not stored yet with their town names.
   *
   * @throws AreaError when the area holds no place or too many
   */
  async plan(plan: PregenerationPlan, loadNames: LoadPlaceNames, now: Date): Promise<PregenerationRun> {
    const places = gridPlaces(plan.box, plan.spacingKm);
    const area = describeBox(plan.box);
    const key = `${plan.quality}|${plan.spacingKm}|${area}`;
    const { run, created } = await this.#runs.findOrCreateRun({ area_key: key, area, quality: plan.quality, radius_km: DEFAULT_RADIUS_KM, spacing_km: plan.spacingKm, place_count: places.length }, now);
    if (!run.planned_at) {
      const stored = await this.#runs.storedModelIds(run.id);
      const missing = places.map((place) => ({ ...place, modelId: modelId(plan.quality, { ...place, radiusKm: DEFAULT_RADIUS_KM }) })).filter((place) => !stored.has(place.modelId));
      if (missing.length > 0) {
        const names = await loadNames(widenBox(plan.box, NAME_MARGIN_KM));
        for (let start = 0; start < missing.length; start += PLACE_BATCH) {
          await this.#runs.addPlaces(
            run.id,
            missing.slice(start, start + PLACE_BATCH).map((place) => {
              const name = names.nameOf(place.latitude, place.longitude);
              return {
                model_id: place.modelId,
                latitude: place.latitude,
                longitude: place.longitude,
                town: name?.town ?? null,
                town_key: name ? `node/${name.townOsmId}` : null,
                town_latitude: name?.townLatitude ?? null,
                town_longitude: name?.townLongitude ?? null,
                country: name?.country ?? null,
              };
            }),
          );
        }
      }
      await this.#runs.markPlanned(run.id, now);
    }
    return { id: run.id, area: run.area, quality: run.quality as ModelQuality, spacingKm: run.spacing_km, places: run.place_count, created };
  }

  /**
   * Hands every place of the run not handed over yet to the model service: a fresh model is skipped, a
   * running job joined, anything else queued for the workers. Each place is marked as it goes, so a
   * stop loses nothing and a repeated request for one is harmless (it joins its job).
   *
   * @returns how many places were handed over now
   */
  async queue(runId: number, now: () => Date, options: { signal?: AbortSignal; onQueued?: (count: number) => void } = {}): Promise<number> {
    const run = await this.#run(runId);
    // Failed and expired models of an earlier pass are asked for again (the model service regenerates them).
    await this.#runs.requeueStale(runId, freshnessCutoff(now()));
    let count = 0;
    for (;;) {
      const batch = await this.#runs.unqueued(runId, QUEUE_BATCH);
      if (batch.length === 0) return count;
      for (const place of batch) {
        if (options.signal?.aborted) return count;
        const answer = await this.#models.request(run.quality as ModelQuality, { latitude: place.latitude, longitude: place.longitude, radiusKm: run.radius_km }, { kind: 'operator' }, now());
        await this.#runs.markQueued(runId, place.modelId, answer.usage, now());
        count++;
      }
      options.onQueued?.(count);
    }
  }

  /** The run's places by the state of their models. */
  async counts(runId: number): Promise<RunCounts> {
    return this.#runs.counts(runId);
  }

  /**
   * Pre-generated places with ready models, by country and town. With `townKey`, that town only, with
   * all its places; otherwise every town, with its places nearest the centre when there are few enough.
   */
  async directory(townKey?: string): Promise<PlaceDirectory> {
    const towns = (await this.#runs.directoryTowns()).filter((town) => townKey === undefined || town.townKey === townKey);
    const total = towns.reduce((sum, town) => sum + town.places, 0);
    const listPlaces = townKey !== undefined || total <= DIRECTORY_PLACE_LIMIT;
    const places = listPlaces ? await this.#runs.directoryPlaces(towns.map((town) => town.townKey)) : [];
    const countries = new Map<string, DirectoryTownView[]>();
    for (const town of towns) {
      const centre = { latitude: town.townLatitude, longitude: town.townLongitude };
      const shown = places
        .filter((place) => place.townKey === town.townKey)
        .map((place) => ({ latitude: place.latitude, longitude: place.longitude, ...(town.townKey ? placeFromCentre(place, centre) : { label: `${place.latitude}, ${place.longitude}`, km: 0 }) }))
        .sort((a, b) => a.km - b.km || b.latitude - a.latitude || a.longitude - b.longitude)
        .slice(0, townKey !== undefined ? undefined : PLACES_PER_TOWN)
        .map(({ latitude, longitude, label }) => ({ latitude, longitude, label }));
      const list = countries.get(town.country) ?? [];
      list.push({ name: town.town, key: town.townKey, places: town.places, shown });
      countries.set(town.country, list);
    }
    return { countries: [...countries].map(([name, list]) => ({ name, towns: list })), towns: towns.length, places: total };
  }

  async #run(runId: number): Promise<PregenerationRunRow> {
    const run = await this.#runs.findRun(runId);
    if (!run) throw new Error(`No pre-generation run ${runId}`);
    return run;
  }
}
