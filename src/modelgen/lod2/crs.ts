import proj4 from 'proj4';

/** Turns a coordinate pair of a file's CRS into WGS84 longitude and latitude. */
export type ToLonLat = (x: number, y: number) => [number, number];

/** A coordinate reference system the readers know: its EPSG code and how to reach WGS84. */
export interface KnownCrs {
  epsg: number;
  toLonLat: ToLonLat;
  /** The inverse: WGS84 longitude and latitude to this CRS's coordinates. */
  fromLonLat: (lon: number, lat: number) => [number, number];
  /** Metres per unit of the file's heights (New York's models are in US feet throughout). */
  zToMetres: number;
}

/**
 * PROJ definitions of the horizontal CRSs of the LoD2 models governments publish. The datum shifts are
 * the EPSG registry's (about 1 m accuracy), enough to put a building on its OSM footprint.
 */
const PROJECTED: Record<number, string> = {
  25832: '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  25833: '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  25831: '+proj=utm +zone=31 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  2056: '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs',
  28992: '+proj=sterea +lat_0=52.1561605555556 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.4171,50.3319,465.5524,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs',
  31256: '+proj=tmerc +lat_0=0 +lon_0=16.3333333333333 +k=1 +x_0=0 +y_0=-5000000 +ellps=bessel +towgs84=577.326,90.129,463.919,5.137,1.474,5.297,2.4232 +units=m +no_defs',
  31468: '+proj=tmerc +lat_0=0 +lon_0=12 +k=1 +x_0=4500000 +y_0=0 +ellps=bessel +towgs84=598.1,73.7,418.2,0.202,0.045,-2.455,6.7 +units=m +no_defs',
  6677: '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  2263: '+proj=lcc +lat_0=40.1666666666667 +lon_0=-74 +lat_1=41.0333333333333 +lat_2=40.6666666666667 +x_0=300000 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=us-ft +no_defs',
  3857: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +no_defs',
};

/** CRSs whose heights are in US survey feet, as their horizontal units. */
const US_FEET: Record<number, number> = { 2263: 1200 / 3937 };

/** Geographic CRSs (ETRS89, WGS84, JGD2011): GML and EPSG order their axes latitude first. */
const GEOGRAPHIC = new Set([4326, 4258, 4937, 4979, 6668, 6697]);

/** Compound CRSs (horizontal + height) and the horizontal part they carry; heights are kept as they are. */
const COMPOUND: Record<number, number> = { 7415: 28992, 5555: 25832, 5556: 25833, 9286: 25832, 9518: 25832, 6697: 6697, 7409: 4326 };

/** AdV (German surveying) CRS names as the German states write them in `srsName`. */
const ADV_NAMES: Record<string, number> = { ETRS89_UTM32: 25832, ETRS89_UTM33: 25833, ETRS89_UTM31: 25831, DE_DHDN_3GK4: 31468 };

/** The EPSG codes this build can reproject, for error messages. */
export const KNOWN_EPSG_CODES = [...Object.keys(PROJECTED).map(Number), ...GEOGRAPHIC, ...Object.keys(COMPOUND).map(Number)].filter((c, i, all) => all.indexOf(c) === i).sort((a, b) => a - b);

/**
 * The CRS a file names (`EPSG:25832`, `urn:ogc:def:crs:EPSG::25832`, `https://www.opengis.net/def/crs/EPSG/0/7415`,
 * `urn:adv:crs:ETRS89_UTM32*DE_DHHN2016_NH`, compound URNs), or undefined when it names none this build knows.
 */
export function resolveCrs(name: string): KnownCrs | undefined {
  for (const code of codesIn(name)) {
    const epsg = COMPOUND[code] ?? code;
    if (PROJECTED[epsg]) {
      const converter = proj4(PROJECTED[epsg], 'WGS84');
      return { epsg, toLonLat: (x, y) => converter.forward([x, y]) as [number, number], fromLonLat: (lon, lat) => converter.inverse([lon, lat]) as [number, number], zToMetres: US_FEET[epsg] ?? 1 };
    }
    if (GEOGRAPHIC.has(epsg)) return { epsg, toLonLat: (x, y) => [y, x], fromLonLat: (lon, lat) => [lat, lon], zToMetres: 1 };
  }
  return undefined;
}

/** Every EPSG code a CRS name mentions, in order (compound URNs name several). */
function codesIn(name: string): number[] {
  const codes: number[] = [];
  const adv = /urn:adv:crs:([A-Z0-9_]+)/i.exec(name);
  if (adv && ADV_NAMES[adv[1].toUpperCase()]) codes.push(ADV_NAMES[adv[1].toUpperCase()]);
  for (const match of name.matchAll(/EPSG(?::+|\/\d+\/|\/)(\d{4,5})/gi)) codes.push(Number(match[1]));
  if (/^\s*\d{4,5}\s*$/.test(name)) codes.push(Number(name));
  return codes;
}

/** The error for a file whose CRS is missing or unknown: names the file and says what is allowed. */
export function unknownCrsError(file: string, name: string | undefined): Error {
  const what = name ? `names the CRS "${name}", which is not one this service can reproject` : 'names no CRS';
  return new Error(
    `The LoD2 file ${file} ${what}. Known: EPSG ${KNOWN_EPSG_CODES.join(', ')} and the AdV names (urn:adv:crs:ETRS89_UTM32 …); ` +
      'give the CRS in LOD2_SOURCE after the path, e.g. "/data/denhaag.city.json|crs=EPSG:28992".',
  );
}
