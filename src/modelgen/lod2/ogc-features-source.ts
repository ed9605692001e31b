import { circleBox } from '../geometry/circle-box.ts';
import { resolveCrs } from './crs.ts';
import type { Lod2Content, Lod2SourceOptions } from './lod2-types.ts';
import { cityJsonContent, type CityJsonFeature, type CityJsonHeader } from './read-cityjson.ts';

/** Most pages of features one model reads, and features per page. */
const MAX_PAGES = 40;
const PAGE_SIZE = 100;
const TIMEOUT_MS = 60_000;

/** A page of an OGC API – Features answer in CityJSON (the 3D BAG API's form). */
interface FeaturePage {
  type?: string;
  /** The CityJSON header the features share (transform, metadata with the CRS). */
  metadata?: CityJsonHeader;
  features?: CityJsonFeature[];
  links?: { rel: string; href: string }[];
}

/**
 * Reads the buildings around a point from an OGC API – Features service that answers in CityJSON
 * (`/collections/<collection>/items?bbox=…` returning CityJSONFeature items and the shared CityJSON
 * header in `metadata`, as https://api.3dbag.nl does). The box is sent in the collection's storage CRS
 * (`storageCrs`, with `bbox-crs`) when the service names one this build knows, else in longitude and
 * latitude. Follows `next` links up to MAX_PAGES pages.
 *
 * @throws Error naming the service when it does not answer, answers with an error, or not in CityJSON
 */
export async function fetchOgcFeatures(baseUrl: string, options: Lod2SourceOptions & { collection?: string }, latitude: number, longitude: number, radiusM: number): Promise<Lod2Content> {
  const collectionUrl = /\/collections\/[^/]+$/.test(baseUrl) ? baseUrl : `${baseUrl}/collections/${encodeURIComponent(options.collection ?? 'pand')}`;
  const collection = (await getJson(collectionUrl)) as { storageCrs?: string };
  const box = circleBox(latitude, longitude, radiusM);
  const storage = collection.storageCrs ? resolveCrs(collection.storageCrs) : undefined;
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (storage && collection.storageCrs) {
    const corners = [box.slice(0, 2), [box[2], box[1]], box.slice(2, 4), [box[0], box[3]]].map(([lon, lat]) => storage.fromLonLat(lon, lat));
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    query.set('bbox', [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((v) => v.toFixed(2)).join(','));
    query.set('bbox-crs', collection.storageCrs);
  } else {
    query.set('bbox', box.map((v) => v.toFixed(7)).join(','));
  }
  let url: string | undefined = `${collectionUrl}/items?${query}`;
  let header: CityJsonHeader | undefined;
  const features: CityJsonFeature[] = [];
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const answer = (await getJson(url)) as FeaturePage;
    if (!Array.isArray(answer.features)) throw new Error(`The LoD2 service ${baseUrl} did not answer with CityJSON features (no "features" list at ${url})`);
    header ??= answer.metadata;
    features.push(...answer.features.filter((f) => f.type === 'CityJSONFeature'));
    url = answer.links?.find((l) => l.rel === 'next')?.href;
  }
  if (!header) throw new Error(`The LoD2 service ${baseUrl} sent no CityJSON header ("metadata") with its features`);
  // Features whose header names no CRS are in the collection's storage CRS.
  return cityJsonContent({ ...header, type: 'CityJSON', CityObjects: {}, vertices: [] }, features, baseUrl, { ...options, crs: options.crs ?? collection.storageCrs });
}

async function getJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/city+json, application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`The LoD2 service at ${url} could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`The LoD2 service answered ${response.status} ${response.statusText} to ${url}`);
  try {
    return await response.json();
  } catch {
    throw new Error(`The LoD2 service answered ${url} with something that is not JSON`);
  }
}
