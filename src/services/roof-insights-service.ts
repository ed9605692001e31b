import type { BuildingInsight, BuildingList, PanelInsight } from '../contract/insights.ts';
import type { ModelJobsRepository } from '../db/model-jobs-repository.ts';
import type { IrradianceProvider } from '../irradiance/index.ts';
import type { RoofShadingPool } from '../jobs/roof-shading-pool.ts';
import { roofSegmentsOfGlb } from '../modelgen/model-file.ts';
import { DEFAULT_TRACE_BUDGET } from '../solar-design/index.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { BoundedCache } from './bounded-cache.ts';
import { ASSUMPTIONS, buildingFigures, facePlanes, planeIrradiance, type ModelOrigin } from './roof-figures.ts';

/** Version of the stored insights: bump it when the rules change, so older files are recomputed. */
const INSIGHTS_VERSION = 3;
/** Models whose insights are kept in memory (a 0.3 km model with its panels: a few MB). */
const MEMORY_ENTRIES = 10;

/** Insights of one model as they are served: the list, its JSON, and each building with its panels by id. */
export interface ModelInsights {
  list: BuildingList;
  json: string;
  byId: Map<string, { building: BuildingInsight; panels: PanelInsight[] }>;
}

/** What is stored beside the GLB: the list, and the panels of each building (not in the list). */
interface StoredInsights {
  list: BuildingList;
  panels: Record<string, PanelInsight[]>;
}

/** What a read finds: no such model, a model not ready yet, or its insights. */
export type InsightsAnswer = { kind: 'missing' } | { kind: 'not-ready'; status: string } | { kind: 'ready'; insights: ModelInsights };

/**
 * Roof insights of a generated model (`GET /api/v1/models/:id/buildings`): every building's roof faces
 * with their sunshine, and the largest array the Solar Wizard's layout places, with its yearly energy.
 * Computed once per model file in worker threads, then kept beside the GLB in the object store and in
 * memory.
 */
export class RoofInsightsService {
  readonly #jobs: ModelJobsRepository;
  readonly #store: ObjectStore;
  readonly #pool: RoofShadingPool;
  readonly #irradiance: IrradianceProvider;
  readonly #traceBudget: number;
  readonly #memory = new BoundedCache<{ objectKey: string; insights: ModelInsights }>(MEMORY_ENTRIES);
  readonly #computing = new Map<string, Promise<ModelInsights>>();
  /** Insights being written to the object store, after their first read was answered. */
  readonly #storing = new Set<Promise<void>>();
  readonly #onStoreError: (error: unknown, key: string) => void;

  /** @param deps.onStoreError - told when new insights could not be stored (they are computed again on a later first read) */
  constructor(deps: { jobs: ModelJobsRepository; store: ObjectStore; pool: RoofShadingPool; irradiance: IrradianceProvider; traceBudget?: number; onStoreError?: (error: unknown, key: string) => void }) {
    this.#jobs = deps.jobs;
    this.#store = deps.store;
    this.#pool = deps.pool;
    this.#irradiance = deps.irradiance;
    this.#traceBudget = deps.traceBudget ?? DEFAULT_TRACE_BUDGET;
    this.#onStoreError = deps.onStoreError ?? (() => {});
  }

  /** Resolves when every insights file being written is in the object store (on shutdown, and in tests). */
  async stored(): Promise<void> {
    await Promise.all(this.#storing);
  }

  /** The insights of a model, computing them on the first read of a ready model. */
  async read(modelId: string): Promise<InsightsAnswer> {
    const job = await this.#jobs.find(modelId);
    if (!job) return { kind: 'missing' };
    if (job.status !== 'ready' || !job.object_key) return { kind: 'not-ready', status: job.status };
    const objectKey = job.object_key;
    const remembered = this.#memory.get(modelId);
    if (remembered?.objectKey === objectKey) return { kind: 'ready', insights: remembered.insights };
    let computing = this.#computing.get(objectKey);
    if (!computing) {
      computing = this.#load(modelId, objectKey, { latitude: job.latitude, longitude: job.longitude }).finally(() => this.#computing.delete(objectKey));
      this.#computing.set(objectKey, computing);
    }
    const insights = await computing;
    this.#memory.set(modelId, { objectKey, insights });
    return { kind: 'ready', insights };
  }

  /** Stored insights of this model file, or new ones (then stored). */
  async #load(modelId: string, objectKey: string, site: { latitude: number; longitude: number }): Promise<ModelInsights> {
    const key = objectKey.replace(/\.glb$/, `.insights-v${INSIGHTS_VERSION}.json`);
    const stored = await this.#store.get(key);
    if (stored) return indexed(JSON.parse(new TextDecoder().decode(stored)) as StoredInsights);
    const glb = await this.#store.get(objectKey);
    if (!glb) throw new Error(`The model file ${objectKey} is missing from the object store`);
    const computed = await this.#compute(modelId, glb, site);
    this.#storeLater(key, computed);
    return indexed(computed);
  }

  /**
   * Writes new insights without the first read waiting: they are in memory already, and the write (a few
   * MB: a model's every panel; compressed copies beside it in a local store, an upload to S3) took a
   * tenth of that read's time. A write that fails only means computing again after the memory forgets.
   */
  #storeLater(key: string, insights: StoredInsights): void {
    const writing = this.#store
      .put(key, new TextEncoder().encode(JSON.stringify(insights)), 'application/json')
      .catch((error: unknown) => this.#onStoreError(error, key))
      .finally(() => this.#storing.delete(writing));
    this.#storing.add(writing);
  }

  async #compute(modelId: string, glb: Uint8Array, site: { latitude: number; longitude: number }): Promise<StoredInsights> {
    const plane = planeIrradiance(this.#irradiance);
    // The planes irradiance is asked for are known from the roof faces: ask while the threads trace.
    const asking = Promise.allSettled(facePlanes(roofSegmentsOfGlb(glb), site).map(plane));
    const { asset, roofs } = await this.#pool.shade(glb, site, this.#traceBudget);
    await asking;
    const origin = originOf(asset, site);
    const figures = await Promise.all(roofs.map((roof) => buildingFigures(roof, site, origin, plane)));
    figures.sort((a, b) => (a.building.id < b.building.id ? -1 : a.building.id > b.building.id ? 1 : 0));
    return {
      list: { modelId, assumptions: ASSUMPTIONS, buildings: figures.map((f) => f.building) },
      panels: Object.fromEntries(figures.map((f) => [f.building.id, f.panels])),
    };
  }
}

function indexed({ list, panels }: StoredInsights): ModelInsights {
  return { list, json: JSON.stringify(list), byId: new Map(list.buildings.map((building) => [building.id, { building, panels: panels[building.id] ?? [] }])) };
}

/** The model frame's origin from the GLB's asset extras, else the model's centre at sea level. */
function originOf(asset: Record<string, unknown>, site: { latitude: number; longitude: number }): ModelOrigin {
  const origin = asset.origin as Partial<ModelOrigin> | undefined;
  return {
    latitude: typeof origin?.latitude === 'number' ? origin.latitude : site.latitude,
    longitude: typeof origin?.longitude === 'number' ? origin.longitude : site.longitude,
    elevation: typeof origin?.elevation === 'number' ? origin.elevation : 0,
  };
}
