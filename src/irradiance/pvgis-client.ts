import {
  IrradianceRejectedError,
  IrradianceUnavailableError,
  type IrradianceProvider,
  type PlaneIrradiation,
  type PlaneQuery,
} from './irradiance-provider.ts';

/** The identifier given as `source` in results that PVGIS answered. */
export const PVGIS_SOURCE = 'PVGIS-5.3 (EU JRC)';

export interface PvgisClientOptions {
  /** Base address, e.g. `https://re.jrc.ec.europa.eu/api/v5_3`. */
  baseUrl: string;
  /** Milliseconds before a call counts as unreachable. */
  timeoutMs: number;
  fetch: typeof fetch;
}

export const PVGIS_DEFAULTS = { timeoutMs: 10_000 } as const;

/**
 * Converts SPEC.md's azimuth (0 = north, 90 = east, 180 = south) to PVGIS's aspect (0 = south,
 * 90 = west, −90 = east), normalised to −180..180.
 */
export function azimuthToAspect(azimuthDeg: number): number {
  const aspect = (((azimuthDeg - 180) % 360) + 540) % 360 - 180;
  return aspect === -180 ? 180 : aspect;
}

/** PVGIS PVcalc for a 1 kWp plane without losses: its `H(i)` values are the plane's irradiation. */
export class PvgisClient implements IrradianceProvider {
  readonly #options: PvgisClientOptions;

  constructor(options: Partial<PvgisClientOptions> & { baseUrl: string }) {
    this.#options = { ...PVGIS_DEFAULTS, fetch: globalThis.fetch, ...options };
  }

  /** @throws IrradianceRejectedError for points PVGIS cannot serve; IrradianceUnavailableError otherwise */
  async irradiation(query: PlaneQuery): Promise<PlaneIrradiation> {
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
    let response: Response;
    try {
      response = await this.#options.fetch(url, { signal: AbortSignal.timeout(this.#options.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new IrradianceUnavailableError(`PVGIS could not be reached: ${(error as Error).message}`);
    }
    const body = await response.text().catch(() => '');
    if (response.status === 400) throw new IrradianceRejectedError(pvgisMessage(body) ?? 'PVGIS rejected the location');
    if (!response.ok) throw new IrradianceUnavailableError(`PVGIS answered HTTP ${response.status}`);
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

function pvgisMessage(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
}
