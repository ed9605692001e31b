import { resolveCrs, unknownCrsError, type KnownCrs } from './crs.ts';
import { datasetOf } from './known-datasets.ts';
import { kindBySlope, roundPoint, SURFACE_KINDS, type Lod2Building, type Lod2Content, type Lod2Point, type Lod2Polygon, type Lod2SourceOptions, type SurfaceKind } from './lod2-types.ts';
import { upwardness } from './polygon-3d.ts';

interface Transform {
  scale: [number, number, number];
  translate: [number, number, number];
}

interface CityObject {
  type: string;
  attributes?: Record<string, unknown>;
  children?: string[];
  parents?: string[];
  geometry?: Geometry[];
}

interface Geometry {
  type: string;
  lod?: string | number;
  boundaries: unknown;
  semantics?: { surfaces: { type: string }[]; values: unknown };
}

/** The header of a CityJSON file or CityJSONSeq stream. */
export interface CityJsonHeader {
  type: 'CityJSON';
  version?: string;
  transform?: Transform;
  metadata?: { referenceSystem?: string; title?: string; pointOfContact?: { contactName?: string } };
  CityObjects?: Record<string, CityObject>;
  vertices?: number[][];
}

/** A CityJSONFeature: one building and its parts, with its own vertices. */
export interface CityJsonFeature {
  type: 'CityJSONFeature';
  id: string;
  CityObjects: Record<string, CityObject>;
  vertices: number[][];
}

/**
 * Reads a CityJSON 1.1/2.0 document, or a CityJSONSeq (header line then CityJSONFeature lines, as the
 * 3D BAG serves), into buildings with their LoD2 polygons reprojected to WGS84.
 *
 * @throws Error naming the file when its CRS is missing or unknown
 */
export function readCityJson(text: string, file: string, options: Lod2SourceOptions): Lod2Content {
  const lines = text.trimStart().startsWith('{') && /\}\s*\r?\n\s*\{/.test(text) ? text.split(/\r?\n/).filter((l) => l.trim()) : [text];
  const header = JSON.parse(lines[0]) as CityJsonHeader | CityJsonFeature;
  if (header.type !== 'CityJSON') throw new Error(`The LoD2 file ${file} does not start with a CityJSON object (it starts with "${String(header.type)}")`);
  const features = lines.slice(1).map((line) => JSON.parse(line) as CityJsonFeature);
  return cityJsonContent(header, features, file, options);
}

/** Buildings of a CityJSON header (with its own objects, if any) and features that share its transform and CRS. */
export function cityJsonContent(header: CityJsonHeader, features: CityJsonFeature[], file: string, options: Lod2SourceOptions): Lod2Content {
  const crsName = header.metadata?.referenceSystem ?? options.crs;
  const crs = crsName ? resolveCrs(crsName) : undefined;
  if (!crs) throw unknownCrsError(file, crsName);
  const transform = header.transform ?? { scale: [1, 1, 1], translate: [0, 0, 0] };
  const groups = [{ objects: header.CityObjects ?? {}, vertices: header.vertices ?? [], id: undefined as string | undefined }, ...features.map((f) => ({ objects: f.CityObjects, vertices: f.vertices, id: f.id }))];
  // The older 3D BAG numbers its objects and keeps the BAG id in `identificatie`: that names the data too.
  const firstObjectId = groups.flatMap((g) => Object.values(g.objects)).map((o) => o.attributes?.identificatie).find((id): id is string => typeof id === 'string');
  const firstId = firstObjectId ?? groups.flatMap((g) => (g.id ? [g.id] : Object.keys(g.objects)))[0];
  const dataset = datasetOf(file, options, { firstId, title: header.metadata?.title, contact: header.metadata?.pointOfContact?.contactName });
  const buildings: Lod2Building[] = [];
  for (const group of groups) {
    const vertex = vertexReader(group.vertices, transform, crs);
    const tops = Object.entries(group.objects).filter(([, object]) => object.type === 'Building' && (object.parents?.length ?? 0) === 0);
    for (const [id, object] of tops) {
      const polygons = collect(id, group.objects, vertex);
      if (polygons.length === 0) continue;
      // The older 3D BAG numbers its objects and keeps the BAG id in `identificatie`.
      const bagId = typeof object.attributes?.identificatie === 'string' ? object.attributes.identificatie : undefined;
      buildings.push({ id: bagId ?? (tops.length === 1 && group.id ? group.id : id), dataset: dataset.name, ...roofTypeOf(object, group.objects), polygons });
    }
  }
  return { dataset, buildings };
}

/** Reads vertex `i` once: dequantised, reprojected, heights in metres, rounded. */
function vertexReader(vertices: number[][], transform: Transform, crs: KnownCrs): (i: number) => Lod2Point {
  const cache = new Map<number, Lod2Point>();
  const { scale, translate } = transform;
  return (i) => {
    let point = cache.get(i);
    if (!point) {
      const [x, y, z] = vertices[i];
      const [lon, lat] = crs.toLonLat(x * scale[0] + translate[0], y * scale[1] + translate[1]);
      point = roundPoint(lon, lat, (z * scale[2] + translate[2]) * crs.zToMetres);
      cache.set(i, point);
    }
    return point;
  };
}

/** The LoD2 polygons of an object and its children (BuildingParts), recursively. */
function collect(id: string, objects: Record<string, CityObject>, vertex: (i: number) => Lod2Point): Lod2Polygon[] {
  const object = objects[id];
  if (!object) return [];
  const geometry = bestLod2(object.geometry ?? []);
  const own = geometry ? polygonsOf(geometry, vertex) : [];
  return [...own, ...(object.children ?? []).flatMap((child) => (objects[child]?.type.startsWith('Building') ? collect(child, objects, vertex) : []))];
}

/** The most detailed LoD 2.x geometry of an object (3D BAG gives 1.2, 1.3 and 2.2 side by side). */
function bestLod2(geometries: Geometry[]): Geometry | undefined {
  const lod2 = geometries.filter((g) => String(g.lod ?? '').startsWith('2') && g.type !== 'GeometryInstance');
  return lod2.sort((a, b) => Number(b.lod) - Number(a.lod))[0];
}

/** Flattens a geometry's boundaries into polygons, each with its surface's semantics. */
function polygonsOf(geometry: Geometry, vertex: (i: number) => Lod2Point): Lod2Polygon[] {
  const depth = { MultiSurface: 0, CompositeSurface: 0, Solid: 1, MultiSolid: 2, CompositeSolid: 2 }[geometry.type];
  if (depth === undefined) return [];
  const out: Lod2Polygon[] = [];
  const walk = (boundaries: unknown, values: unknown, level: number) => {
    const list = boundaries as unknown[];
    list.forEach((item, i) => {
      const value = Array.isArray(values) ? values[i] : undefined;
      if (level > 0) return walk(item, value, level - 1);
      const rings = (item as number[][]).map((ring) => ring.map(vertex));
      if (rings[0].length < 3) return;
      const surface = typeof value === 'number' ? geometry.semantics?.surfaces[value] : undefined;
      const kind = (surface && SURFACE_KINDS[surface.type]) ?? kindBySlope(upwardness(rings[0]));
      out.push({ kind, outer: rings[0], holes: rings.slice(1) });
    });
  };
  walk(geometry.boundaries, geometry.semantics?.values, depth);
  return out;
}

/**
 * The roof class the data gives: `roofType` (AdV codes in German data; other codes in Den Haag's) or 3D
 * BAG's `b3_dak_type`/`dak_type`, the building's own, else the one its parts agree on. Parts that
 * disagree (Den Haag's gabled house with a flat annex) name no class: the measured faces say what the
 * roof is.
 */
function roofTypeOf(object: CityObject, objects: Record<string, CityObject>): { roofType?: string } {
  const own = roofCodeOf(object);
  if (own !== undefined) return { roofType: own };
  const parts = new Set((object.children ?? []).map((c) => objects[c]).filter(Boolean).map(roofCodeOf).filter((code) => code !== undefined));
  return parts.size === 1 ? { roofType: [...parts][0] } : {};
}

function roofCodeOf(object: CityObject): string | undefined {
  const a = object.attributes ?? {};
  const value = a.roofType ?? a.b3_dak_type ?? a.dak_type;
  return value === undefined || value === null ? undefined : String(value);
}
