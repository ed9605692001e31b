import type { OsmData, OsmWay } from '../osm/osm-elements.ts';
import { areaKind, lineFeature, placement } from './ground-tags.ts';
import { emptyMapFeatures, type AddressPoint, type BuildingFeature, type GroundFeature, type LonLatRing, type MapFeatures } from './map-features.ts';
import { relationPolygons, type RelationPolygon } from './multipolygon.ts';

/** Spacing of trees planted along a `natural=tree_row`, metres. */
const TREE_ROW_SPACING_M = 8;

/**
 * Turns OSM elements into map features: buildings and building parts from closed ways and from
 * multipolygon relations (outer rings joined from their ways, inner rings kept as
 * courtyards), trees from nodes and tree rows, ground areas from closed ways and multipolygon relations
 * (water, woods, grass, … with their holes), roads, paths and the coastline, mapped solar PV, and
 * addresses mapped as points.
 */
export function assembleFeatures(data: OsmData): MapFeatures {
  const features = emptyMapFeatures();
  for (const way of data.ways.values()) {
    const closed = way.nodes.length >= 4 && way.nodes[0] === way.nodes[way.nodes.length - 1];
    const points = wayPoints(data, way);
    if (points) addWay(features, way.id, way.tags ?? {}, points, closed);
  }
  for (const relation of data.relations.values()) {
    const tags = relation.tags ?? {};
    if (relationIsFeature(tags)) addRelation(features, relation.id, tags, relationPolygons(data, relation));
  }
  for (const node of data.nodes.values()) if (node.tags) addNode(features, node.id, node.tags, node.lon, node.lat);
  return features;
}

/**
 * Whether a way's tags make it a feature of its own (a building, tree row, road, coastline, solar area
 * or ground area): what a reader that streams a large extract keeps before it knows the way's shape.
 */
export function wayIsFeature(tags: Record<string, string>): boolean {
  return Boolean(buildingKind(tags) || tags.natural === 'tree_row' || lineFeature(tags) || isSolarPanel(tags) || areaKind(tags));
}

/** Whether a relation's tags make it a feature: a multipolygon building, part or ground area. */
export function relationIsFeature(tags: Record<string, string>): boolean {
  return tags.type === 'multipolygon' && Boolean(buildingKind(tags) || areaKind(tags));
}

/**
 * Adds the feature a way makes, if any. `points` are its nodes' positions in order, the closing point
 * included when `closed` (the way starts and ends at the same node).
 */
export function addWay(features: MapFeatures, id: number, tags: Record<string, string>, points: LonLatRing, closed: boolean): void {
  const ring = () => (closed ? points.slice(0, -1) : points.slice());
  const kind = buildingKind(tags);
  if (kind && closed) {
    features.buildings.push({ kind, osmId: `way/${id}`, tags, outer: ring(), inners: [] });
  } else if (tags.natural === 'tree_row') {
    for (const [lon, lat] of sampleLine(ring(), TREE_ROW_SPACING_M)) features.trees.push({ osmId: `way/${id}`, lon, lat, tags });
  } else if (lineFeature(tags) && !(closed && areaKind(tags))) {
    // a roundabout or an island's coast keeps its closing segment
    features.ground.push({ ...lineFeature(tags)!, osmId: `way/${id}`, points: points.slice() });
  } else if (closed && isSolarPanel(tags)) {
    features.solar.push({ osmId: `way/${id}`, points: ring(), tags });
  } else if (closed) {
    const area = areaKind(tags);
    if (area) features.ground.push({ kind: area, osmId: `way/${id}`, points: ring(), ...groundDetails(tags) });
  }
}

/**
 * Adds the buildings or ground areas of a multipolygon relation from its assembled polygons (numbered
 * `relation/1#0`, `#1`, … when there are several), those that `keep` accepts.
 */
export function addRelation(features: MapFeatures, id: number, tags: Record<string, string>, polygons: RelationPolygon[], keep: (polygon: RelationPolygon) => boolean = () => true): void {
  const kind = buildingKind(tags);
  const area = kind ? undefined : areaKind(tags);
  polygons.forEach(({ outer, inners }, index) => {
    if (!keep({ outer, inners })) return;
    const osmId = `relation/${id}${polygons.length > 1 ? `#${index}` : ''}`;
    if (kind) features.buildings.push({ kind, osmId, tags, outer, inners });
    else if (area) features.ground.push({ kind: area, osmId, points: outer, ...(inners.length ? { inners } : {}), ...groundDetails(tags) });
  });
}

/** Adds the tree or solar installation a tagged node makes, if any, and its address. */
export function addNode(features: MapFeatures, id: number, tags: Record<string, string>, lon: number, lat: number): void {
  if (tags.natural === 'tree') features.trees.push({ osmId: `node/${id}`, lon, lat, tags });
  else if (isSolarPanel(tags)) features.solar.push({ osmId: `node/${id}`, points: [[lon, lat]], tags });
  if (isAddressPoint(tags)) features.addresses.push(addressPoint(id, tags, lon, lat));
}

/**
 * Keys that make a node a place of its own (a shop, a café, a bus stop, a station), whose address is the
 * business's: often written for it ("Kaivopiha, Mannerheimintie"), sometimes the neighbour's.
 */
const PLACE_KEYS = ['amenity', 'shop', 'office', 'tourism', 'craft', 'leisure', 'healthcare', 'public_transport', 'railway', 'highway', 'emergency', 'man_made', 'historic', 'club', 'sport', 'government', 'aeroway', 'power', 'vending', 'name'];

/**
 * Whether a node's tags make it an address point: a house number on an address node, an entrance, or a
 * shop or another place mapped as a point (marked `ofPlace`). Read the same way from every map source (the
 * extract's index, the Overpass answer, the PostGIS import), so each gives the same model.
 */
export function isAddressPoint(tags: Record<string, string>): boolean {
  return Boolean(tags['addr:housenumber']?.trim());
}

/** The address point a node with a house number makes. */
function addressPoint(id: number, tags: Record<string, string>, lon: number, lat: number): AddressPoint {
  const ofPlace = PLACE_KEYS.some((key) => tags[key] !== undefined);
  return { osmId: `node/${id}`, lon, lat, number: tags['addr:housenumber'], ...(tags['addr:street'] ? { street: tags['addr:street'] } : {}), ...(ofPlace ? { ofPlace } : {}) };
}

/** Solar PV as OSM maps it on roofs and fields. */
function isSolarPanel(tags: Record<string, string>): boolean {
  return tags['generator:source'] === 'solar' && tags['generator:method'] === 'photovoltaic';
}

/**
 * A building or a part, or undefined for neither and for one below the ground: `location=underground`
 * (or `below_ground`), or a negative `layer` with `covered=yes` (Monaco's railway station under the town
 * was drawn over its streets and picked as the visitor's house). A negative `layer` alone is kept: it
 * orders overlapping things as often as it means underground (Triesen's swimming hall, at the surface).
 */
function buildingKind(tags: Record<string, string>): BuildingFeature['kind'] | undefined {
  if (tags.location === 'underground' || tags.location === 'below_ground' || (Number(tags.layer) < 0 && tags.covered === 'yes')) return undefined;
  if (tags['building:part'] && tags['building:part'] !== 'no') return 'part';
  if (tags.building && tags.building !== 'no') return 'building';
  return undefined;
}

/** What an area keeps of its tags for drawing: leaf type of woods, bridge, tunnel and layer. */
function groundDetails(tags: Record<string, string>): Pick<GroundFeature, 'leafType' | 'bridge' | 'underground' | 'layer' | 'name'> {
  // A square or a pedestrian street mapped as an area is the street of the addresses around it.
  const named = tags.name && areaKind(tags) === 'pedestrian';
  return { ...(tags.leaf_type ? { leafType: tags.leaf_type } : {}), ...(named ? { name: tags.name } : {}), ...placement(tags) };
}

/** A way's points in order (closing point kept), or undefined when a node is missing or it has under two. */
function wayPoints(data: OsmData, way: OsmWay): LonLatRing | undefined {
  const points: LonLatRing = [];
  for (const id of way.nodes) {
    const node = data.nodes.get(id);
    if (!node) return undefined;
    points.push([node.lon, node.lat]);
  }
  return points.length > 1 ? points : undefined;
}

/** Points every `spacingM` metres along a line of lon/lat points. */
function sampleLine(line: LonLatRing, spacingM: number): [number, number][] {
  const out: [number, number][] = [];
  const metresPerDegree = 111_320;
  for (let i = 0; i + 1 < line.length; i++) {
    const [x0, y0] = line[i];
    const [x1, y1] = line[i + 1];
    const scale = Math.cos((y0 * Math.PI) / 180);
    const length = Math.hypot((x1 - x0) * scale, y1 - y0) * metresPerDegree;
    const count = Math.max(1, Math.floor(length / spacingM));
    for (let k = 0; k < count; k++) out.push([x0 + ((x1 - x0) * k) / count, y0 + ((y1 - y0) * k) / count]);
  }
  out.push(line[line.length - 1]);
  return out;
}
