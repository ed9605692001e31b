import { failureReason, OUTSIDE_MAP_DATA, type ModelJob } from '../../../src/contract/models.ts';
import { t } from './language.ts';

/** What the page asks for. */
export interface ModelOrder {
  latitude: number;
  longitude: number;
  radiusKm: number;
  key?: string;
}

/** Why a model could not be had, for the page to show; `retryable` false when asking again fails the same way. */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
  readonly retryable: boolean;
  /** The service's own reason, for the partner and the operator rather than the visitor. */
  readonly detail: string | undefined;

  constructor(message: string, retryable = true, detail?: string) {
    super(message);
    this.retryable = retryable;
    this.detail = detail;
  }
}

export interface ModelRequestOptions {
  fetch?: typeof fetch;
  /** Pause between status reads (ms). */
  pollMs?: number;
  /** Called with each state seen while waiting. */
  onProgress?: (job: ModelJob) => void;
  signal?: AbortSignal;
}

/**
 * Asks the service for the model of the page's location and waits until it is ready, reporting the job's
 * real progress. Resolves with the ready job (its `modelUrl` set).
 *
 * @throws ModelUnavailableError when generation fails or the service refuses the request
 */
export async function requestModel(order: ModelOrder, options: ModelRequestOptions = {}): Promise<ModelJob & { modelUrl: string }> {
  const doFetch = options.fetch ?? fetch;
  const pollMs = options.pollMs ?? 500;
  let job = await readJob(await doFetch('/api/viewer/models', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order),
    signal: options.signal,
  }));
  for (;;) {
    options.onProgress?.(job);
    if (job.status === 'ready' && job.modelUrl) return job as ModelJob & { modelUrl: string };
    if (job.status === 'failed') {
      const reason = job.step ? failureReason(job.step) : undefined;
      const outside = job.metadata?.reason === OUTSIDE_MAP_DATA;
      // A place outside the map data is the visitor's to change, and said; any other failure is the
      // service's, said without its internals (kept as the detail; the partner reads them over the API).
      const message = outside && reason ? t('loading.generationFailed', { reason }) : t('loading.generationFailedNow');
      throw new ModelUnavailableError(message, !outside, reason);
    }
    await delay(pollMs, options.signal);
    job = await readJob(await doFetch(`/api/viewer/models/${encodeURIComponent(job.id)}`, { signal: options.signal }));
  }
}

async function readJob(response: Response): Promise<ModelJob> {
  const body = (await response.json().catch(() => ({}))) as ModelJob & { error?: string };
  if (!response.ok) throw new ModelUnavailableError(body.error ?? t('loading.serviceAnswered', { status: response.status }));
  return body;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
