/**
 * One GET to a PVGIS tool (PVcalc, MRcalc, …) the way PVGIS must be called: within its rate limit, one
 * retry with a random delay when it is overloaded or failing, everything within one time budget.
 */
import type { CallRateLimiter } from './call-rate-limiter.ts';
import { IrradianceRejectedError, IrradianceUnavailableError } from './irradiance-provider.ts';

export interface PvgisRequestOptions {
  /** Milliseconds for the whole call, its retry included. */
  timeoutMs: number;
  /** Longest random wait before the one retry, in milliseconds. */
  retryJitterMs: number;
  fetch: typeof fetch;
  limiter: CallRateLimiter;
  /** Called for every request actually sent (for counts and metrics). */
  onSend?: () => void;
}

/** Statuses after which one retry is worth it: overload and server errors. */
const RETRYABLE = (status: number) => status === 429 || status === 529 || status >= 500;

/**
 * Sends the GET and returns the body of a successful answer.
 *
 * @throws IrradianceRejectedError with PVGIS's reason when it answers 400 (no data for the point);
 *   IrradianceUnavailableError when it cannot be reached, runs out of time or answers another error
 */
export async function getFromPvgis(url: string, options: PvgisRequestOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response = await send(url, signal, options);
  if (RETRYABLE(response.status)) {
    await sleep(Math.random() * options.retryJitterMs, signal);
    response = await send(url, signal, options);
  }
  const body = await response.text().catch(() => '');
  if (response.status === 400) throw new IrradianceRejectedError(pvgisMessage(body) ?? 'PVGIS rejected the location');
  if (!response.ok) throw new IrradianceUnavailableError(`PVGIS answered HTTP ${response.status}`);
  return body;
}

async function send(url: string, signal: AbortSignal, options: PvgisRequestOptions): Promise<Response> {
  try {
    await options.limiter.acquire();
    signal.throwIfAborted();
    options.onSend?.();
    return await options.fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    throw new IrradianceUnavailableError(`PVGIS could not be reached: ${(error as Error).message}`);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new IrradianceUnavailableError('PVGIS did not answer in time'));
    }, { once: true });
  });
}

/** PVGIS explains refusals in a JSON `message`; anything else is quoted briefly. */
function pvgisMessage(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
}
