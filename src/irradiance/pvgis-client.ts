import { CallRateLimiter } from './call-rate-limiter.ts';
import { IrradianceUnavailableError, type IrradianceProvider, type PlaneIrradiation, type PlaneQuery } from './irradiance-provider.ts';
import { getFromPvgis } from './pvgis-request.ts';

/** The identifier given as `source` in results that PVGIS answered. */
export const PVGIS_SOURCE = 'PVGIS-5.3 (EU JRC)';

export interface PvgisClientOptions {
  /** Base address, e.g. `https://re.jrc.ec.europa.eu/api/v5_3`. */
  baseUrl: string;
  /** Milliseconds for a whole call, its retry included, before it counts as unreachable. */
  timeoutMs: number;
  /** PVGIS allows 30 calls per second per address. */
  callsPerSecond: number;
  /** Longest random wait before the one retry, in milliseconds. */
  retryJitterMs: number;
  fetch: typeof fetch;
}

export const PVGIS_DEFAULTS = { timeoutMs: 10_000, callsPerSecond: 30, retryJitterMs: 500 } as const;

/**
 * Converts SPEC.md's azimuth (0 = north, 90 = east, 180 = south) to PVGIS's aspect (0 = south,
 * 90 = west, −90 = east), normalised to −180..180.
 */
export function azimuthToAspect(azimuthDeg: number): number {
  const aspect = ((((azimuthDeg - 180) % 360) + 540) % 360) - 180;
  return aspect === -180 ? 180 : aspect;
}

/**
 * PVGIS PVcalc for a 1 kWp plane without losses: its `H(i)` values are the plane's irradiation.
 * Identical calls in flight are made once; calls are spaced to PVGIS's limit; an overloaded or failing
 * PVGIS gets one retry with a random delay, within the same time budget.
 */
export class PvgisClient implements IrradianceProvider {
  readonly #options: PvgisClientOptions;
  readonly #limiter: CallRateLimiter;
  readonly #inFlight = new Map<string, Promise<PlaneIrradiation>>();
  /** Calls actually sent to PVGIS (for tests and metrics). */
  calls = 0;

  constructor(options: Partial<PvgisClientOptions> & { baseUrl: string }) {
    this.#options = { ...PVGIS_DEFAULTS, fetch: globalThis.fetch, ...options };
    this.#limiter = new CallRateLimiter(this.#options.callsPerSecond);
  }

  /** @throws IrradianceRejectedError for points PVGIS cannot serve; IrradianceUnavailableError otherwise */
  irradiation(query: PlaneQuery): Promise<PlaneIrradiation> {
    const url = this.#url(query);
    let call = this.#inFlight.get(url);
    if (!call) {
      call = this.#call(url).finally(() => this.#inFlight.delete(url));
      this.#inFlight.set(url, call);
    }
    return call;
  }

  #url(query: PlaneQuery): string {
    const url = new URL(`${this.#options.baseUrl}/PVcalc`);
    const params = {
      lat: query.latitude,
      lon: query.longitude,
      peakpower: 1,
      loss: 0,
      angle: query.tiltDeg,
      aspect: azimuthToAspect(query.azimuthDeg),
      outputformat: 'json',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    return url.href;
  }

  async #call(url: string): Promise<PlaneIrradiation> {
    const body = await getFromPvgis(url, { ...this.#options, limiter: this.#limiter, onSend: () => (this.calls += 1) });
    return parsePvcalc(body);
  }
}

/**
 * Reads the plane's irradiation from a PVcalc JSON answer, accepting numbers sent as strings.
 *
 * @throws IrradianceUnavailableError when the answer lacks 12 months or the yearly total
 */
export function parsePvcalc(body: string): PlaneIrradiation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new IrradianceUnavailableError('PVGIS answered with something that is not JSON');
  }
  const outputs = (parsed as { outputs?: { totals?: { fixed?: Record<string, unknown> }; monthly?: { fixed?: Record<string, unknown>[] } } }).outputs;
  const annualGti = toNumber(outputs?.totals?.fixed?.['H(i)_y']);
  const months = outputs?.monthly?.fixed;
  const monthlyGti = Array.isArray(months) ? [...months].sort((a, b) => Number(a.month) - Number(b.month)).map((m) => toNumber(m['H(i)_m'])) : [];
  if (annualGti === undefined || monthlyGti.length !== 12 || monthlyGti.some((v) => v === undefined)) {
    throw new IrradianceUnavailableError('PVGIS answered without 12 monthly values and a yearly total');
  }
  return { annualGti, monthlyGti: monthlyGti as number[], source: PVGIS_SOURCE };
}

function toNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}
