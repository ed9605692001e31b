import type { OsmData, OsmWay } from '../osm/osm-elements.ts';
import { areaKind, lineFeature, placement } from './ground-tags.ts';
import type { BuildingFeature, GroundFeature, LonLatRing, MapFeatures, SolarFeature, TreeFeature } from './map-features.ts';
import { relationPolygons } from './multipolygon.ts';

/** Spacing of trees planted along a `natural=tree_row`, metres. */
const TREE_ROW_SPACING_M = 8;

/**
 * Turns OSM elements into map features: buildings and building parts from closed ways and from
 * multipolygon or building relations (outer rings joined from their ways, inner rings kept as
 * courtyards), trees from nodes and tree rows, ground areas from closed ways and multipolygon relations
 * (water, woods, grass, … with their holes), roads, paths and the coastline, and mapped solar PV.
 */
export function assembleFeatures(data: OsmData): MapFeatures {
  const buildings: BuildingFeature[] = [];
  const trees: TreeFeature[] = [];
  const ground: GroundFeature[] = [];
  const solar: SolarFeature[] = [];
  const ring = (way: OsmWay) => wayRing(data, way);

  for (const way of data.ways.values()) {
    const tags = way.tags ?? {};
    const kind = buildingKind(tags);
    const closed = way.nodes.length >= 4 && way.nodes[0] === way.nodes[way.nodes.length - 1];
    if (kind && closed) {
      const outer = ring(way);
      if (outer) buildings.push({ kind, osmId: `way/${way.id}`, tags, outer, inners: [] });
    } else if (tags.natural === 'tree_row') {
      const line = ring(way);
      if (line) for (const [lon, lat] of sampleLine(line, TREE_ROW_SPACING_M)) trees.push({ osmId: `way/${way.id}`, lon, lat, tags });
    } else if (lineFeature(tags) && !(closed && areaKind(tags))) {
      const line = ring(way);
      if (line && closed) line.push(line[0]); // a roundabout or an island's coast keeps its closing segment
      if (line) ground.push({ ...lineFeature(tags)!, osmId: `way/${way.id}`, points: line });
    } else if (closed && isSolarPanel(tags)) {
      const outline = ring(way);
      if (outline) solar.push({ osmId: `way/${way.id}`, points: outline, tags });
    } else if (closed) {
      const area = areaKind(tags);
      const outline = area && ring(way);
      if (area && outline) ground.push({ kind: area, osmId: `way/${way.id}`, points: outline, ...groundDetails(tags) });
    }
  }

  for (const relation of data.relations.values()) {
    const tags = relation.tags ?? {};
    if (tags.type !== 'multipolygon' && tags.type !== 'building') continue;
    const kind = buildingKind(tags);
    const area = kind ? undefined : tags.type === 'multipolygon' ? areaKind(tags) : undefined;
    if ((!kind || tags.type === 'building') && !area) continue;
    const polygons = relationPolygons(data, relation);
    polygons.forEach(({ outer, inners }, index) => {
      const osmId = `relation/${relation.id}${polygons.length > 1 ? `#${index}` : ''}`;
      if (kind) buildings.push({ kind, osmId, tags, outer, inners });
      else if (area) ground.push({ kind: area, osmId, points: outer, ...(inners.length ? { inners } : {}), ...groundDetails(tags) });
    });
  }

  for (const node of data.nodes.values()) {
    if (node.tags?.natural === 'tree') trees.push({ osmId: `node/${node.id}`, lon: node.lon, lat: node.lat, tags: node.tags });
    else if (node.tags && isSolarPanel(node.tags)) solar.push({ osmId: `node/${node.id}`, points: [[node.lon, node.lat]], tags: node.tags });
  }
  return { buildings, trees, ground, solar };
}

/** Solar PV as OSM maps it on roofs and fields. */
function isSolarPanel(tags: Record<string, string>): boolean {
  return tags['generator:source'] === 'solar' && tags['generator:method'] === 'photovoltaic';
}

function buildingKind(tags: Record<string, string>): BuildingFeature['kind'] | undefined {
  if (tags['building:part'] && tags['building:part'] !== 'no') return 'part';
  if (tags.building && tags.building !== 'no') return 'building';
  return undefined;
}

/** What an area keeps of its tags for drawing: leaf type of woods, bridge, tunnel and layer. */
function groundDetails(tags: Record<string, string>): Pick<GroundFeature, 'leafType' | 'bridge' | 'underground' | 'layer'> {
  return { ...(tags.leaf_type ? { leafType: tags.leaf_type } : {}), ...placement(tags) };
}

/** A way's points as a ring (closing point dropped), or undefined when a node is missing. */
function wayRing(data: OsmData, way: OsmWay): LonLatRing | undefined {
  const points: LonLatRing = [];
  for (const id of way.nodes) {
    const node = data.nodes.get(id);
    if (!node) return undefined;
    points.push([node.lon, node.lat]);
  }
  if (points.length > 1 && way.nodes[0] === way.nodes[way.nodes.length - 1]) points.pop();
  return points;
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
