import sax from 'sax';
import { resolveCrs, unknownCrsError, type KnownCrs } from './crs.ts';
import { datasetOf } from './known-datasets.ts';
import { kindBySlope, roundPoint, SURFACE_KINDS, type Lod2Building, type Lod2Content, type Lod2Point, type Lod2Polygon, type Lod2SourceOptions, type SurfaceKind } from './lod2-types.ts';
import { upwardness } from './polygon-3d.ts';

/** Geometry properties that hold LoD2 surfaces in CityGML 1.0, 2.0 and 3.0. */
const LOD2_PROPERTIES = new Set(['lod2Solid', 'lod2MultiSurface', 'lod2Geometry']);
const COORDINATE_ELEMENTS = new Set(['posList', 'pos', 'coordinates']);

/** A Building or BuildingPart being read: its polygons, those with semantics kept apart. */
interface Scope {
  semantic: Lod2Polygon[];
  plain: Lod2Polygon[];
}

/**
 * Reads a CityGML 1.0/2.0/3.0 document as a stream of text chunks with a SAX parser (so a tile of
 * several megabytes never sits in memory as a tree): every Building with its BuildingParts, their LoD2
 * polygons with the semantics of their boundary surfaces (polygons that have none are classed by
 * slope), reprojected to WGS84. Polygons a solid references by `xlink:href` are the boundary
 * surfaces' own and are read once.
 *
 * @throws Error naming the file when the XML is broken or its CRS is missing or unknown
 */
export async function readCityGml(chunks: AsyncIterable<string>, file: string, options: Lod2SourceOptions): Promise<Lod2Content> {
  const parser = sax.parser(true, { trim: false, position: false });
  const reader = new CityGmlReader(file, options);
  parser.onopentag = (tag) => reader.open(tag.name, tag.attributes as Record<string, string>);
  parser.onclosetag = (name) => reader.close(name);
  parser.ontext = (text) => reader.text(text);
  parser.onerror = (error) => {
    throw new Error(`The LoD2 file ${file} is not well-formed XML: ${error.message.split('\n')[0]}`);
  };
  for await (const chunk of chunks) parser.write(chunk);
  parser.close();
  return reader.content();
}

class CityGmlReader {
  readonly #file: string;
  readonly #options: Lod2SourceOptions;
  readonly #buildings: Lod2Building[] = [];
  #crsName: string | undefined;
  #crs: KnownCrs | undefined;
  #plateau = false;
  #building: Lod2Building | undefined;
  #scopes: Scope[] = [];
  #kind: SurfaceKind | undefined;
  #lod2Depth = 0;
  #polygon: { rings: Lod2Point[][]; interior: boolean } | undefined;
  #ring: number[] | undefined;
  #dimension = 3;
  #collecting: 'coordinates' | 'roofType' | undefined;
  #text = '';

  constructor(file: string, options: Lod2SourceOptions) {
    this.#file = file;
    this.#options = options;
  }

  open(name: string, attributes: Record<string, string>): void {
    const local = localName(name);
    if (attributes.srsName && !this.#crsName) this.#useCrs(attributes.srsName);
    if (!this.#plateau && Object.keys(attributes).some((a) => a === 'xmlns:uro')) this.#plateau = true;
    if (local === 'Building' || local === 'BuildingPart') {
      if (!this.#building) this.#building = { id: attributes['gml:id'] ?? `building-${this.#buildings.length + 1}`, dataset: '', polygons: [] };
      this.#scopes.push({ semantic: [], plain: [] });
    } else if (!this.#building) {
      return;
    } else if (SURFACE_KINDS[local]) {
      this.#kind = SURFACE_KINDS[local];
    } else if (LOD2_PROPERTIES.has(local)) {
      this.#lod2Depth += 1;
    } else if (this.#lod2Depth > 0 && (local === 'Polygon' || local === 'Triangle')) {
      this.#polygon = { rings: [], interior: false };
    } else if (this.#polygon && (local === 'exterior' || local === 'outerBoundaryIs')) {
      this.#polygon.interior = false;
    } else if (this.#polygon && (local === 'interior' || local === 'innerBoundaryIs')) {
      this.#polygon.interior = true;
    } else if (this.#polygon && local === 'LinearRing') {
      this.#ring = [];
    } else if (this.#ring && COORDINATE_ELEMENTS.has(local)) {
      this.#dimension = Number(attributes.srsDimension ?? 3) || 3;
      this.#collecting = 'coordinates';
      this.#text = '';
    } else if (local === 'roofType' && this.#scopes.length > 0) {
      this.#collecting = 'roofType';
      this.#text = '';
    }
  }

  text(text: string): void {
    if (this.#collecting) this.#text += text;
  }

  close(name: string): void {
    const local = localName(name);
    if (!this.#building) return;
    if (this.#collecting === 'coordinates' && COORDINATE_ELEMENTS.has(local)) {
      this.#ring?.push(...coordinates(this.#text, local === 'coordinates'));
      this.#collecting = undefined;
    } else if (this.#collecting === 'roofType' && local === 'roofType') {
      this.#building.roofType ??= this.#text.trim();
      this.#collecting = undefined;
    } else if (local === 'LinearRing' && this.#ring && this.#polygon) {
      const ring = this.#points(this.#ring);
      if (this.#polygon.interior || this.#polygon.rings.length === 0) this.#polygon.rings.push(ring);
      this.#ring = undefined;
    } else if ((local === 'Polygon' || local === 'Triangle') && this.#polygon) {
      this.#addPolygon(this.#polygon.rings);
      this.#polygon = undefined;
    } else if (LOD2_PROPERTIES.has(local)) {
      this.#lod2Depth -= 1;
    } else if (SURFACE_KINDS[local]) {
      this.#kind = undefined;
    } else if (local === 'Building' || local === 'BuildingPart') {
      const scope = this.#scopes.pop()!;
      // A part whose surfaces carry semantics draws those; its solid's own polygons are the same ones.
      this.#building.polygons.push(...(scope.semantic.length > 0 ? scope.semantic : scope.plain));
      if (this.#scopes.length === 0) {
        if (this.#building.polygons.length > 0) this.#buildings.push(this.#building);
        this.#building = undefined;
      }
    }
  }

  content(): Lod2Content {
    const dataset = datasetOf(this.#file, this.#options, { firstId: this.#buildings[0]?.id, plateau: this.#plateau });
    for (const building of this.#buildings) building.dataset = dataset.name;
    return { dataset, buildings: this.#buildings };
  }

  #useCrs(name: string): void {
    this.#crsName = name;
    this.#crs = resolveCrs(name);
  }

  /** Reprojects a ring's coordinates (x y z triples, or x y pairs at height 0). */
  #points(values: number[]): Lod2Point[] {
    // The settings' CRS is for files that name none.
    if (!this.#crs && !this.#crsName && this.#options.crs) this.#useCrs(this.#options.crs);
    if (!this.#crs) throw unknownCrsError(this.#file, this.#crsName);
    const step = this.#dimension === 2 ? 2 : 3;
    const points: Lod2Point[] = [];
    for (let i = 0; i + step - 1 < values.length; i += step) {
      const [lon, lat] = this.#crs.toLonLat(values[i], values[i + 1]);
      points.push(roundPoint(lon, lat, step === 3 ? values[i + 2] * this.#crs.zToMetres : 0));
    }
    // GML repeats the first vertex at the end; the other readers and the geometry do not.
    const [first, last] = [points[0], points[points.length - 1]];
    if (points.length > 1 && first.every((v, i) => v === last[i])) points.pop();
    return points;
  }

  #addPolygon(rings: Lod2Point[][]): void {
    const scope = this.#scopes[this.#scopes.length - 1];
    if (!scope || rings.length === 0 || rings[0].length < 3) return;
    const polygon: Lod2Polygon = { kind: this.#kind ?? kindBySlope(upwardness(rings[0])), outer: rings[0], holes: rings.slice(1) };
    (this.#kind ? scope.semantic : scope.plain).push(polygon);
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Numbers of a posList/pos (space separated) or GML 2 `coordinates` (`x,y,z x,y,z`). */
function coordinates(text: string, commaTuples: boolean): number[] {
  const parts = (commaTuples ? text.replace(/,/g, ' ') : text).trim().split(/\s+/);
  return parts.filter(Boolean).map(Number);
}
