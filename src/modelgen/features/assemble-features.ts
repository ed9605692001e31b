import { pointInRing } from '../geometry/polygon.ts';
import type { OsmData, OsmWay } from '../osm/osm-elements.ts';
import type { BuildingFeature, GroundFeature, LonLatRing, MapFeatures, SolarFeature, TreeFeature } from './map-features.ts';

/** Spacing of trees planted along a `natural=tree_row`, metres. */
const TREE_ROW_SPACING_M = 8;
const ROAD_WIDTHS: Record<string, number> = { motorway: 12, trunk: 10, primary: 9, secondary: 8, tertiary: 7, residential: 6, unclassified: 5, service: 4, living_street: 5, pedestrian: 5, footway: 2, path: 1.5, cycleway: 2 };

/**
 * Turns OSM elements into map features: buildings and building parts from closed ways and from
 * multipolygon or building relations (outer rings joined from their ways, inner rings kept as
 * courtyards), trees from nodes and tree rows, water, green areas and roads for the ground, and mapped solar PV.
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
    } else if (tags.highway && ROAD_WIDTHS[tags.highway] && tags.area !== 'yes') {
      const line = ring(way);
      if (line) ground.push({ kind: 'road', osmId: `way/${way.id}`, points: line, width: Number.parseFloat(tags.width ?? '') || ROAD_WIDTHS[tags.highway] });
    } else if (closed && isSolarPanel(tags)) {
      const outline = ring(way);
      if (outline) solar.push({ osmId: `way/${way.id}`, points: outline, tags });
    } else if (closed) {
      const area = groundKind(tags);
      const outline = area && ring(way);
      if (area && outline) ground.push({ kind: area, osmId: `way/${way.id}`, points: outline, ...(tags.natural === 'wood' || tags.landuse === 'forest' ? { wooded: true } : {}) });
    }
  }

  for (const relation of data.relations.values()) {
    const tags = relation.tags ?? {};
    if (tags.type !== 'multipolygon' && tags.type !== 'building') continue;
    const kind = buildingKind(tags);
    if (!kind || tags.type === 'building') continue;
    const outers = joinRings(data, relation.members.filter((m) => m.type === 'way' && m.role !== 'inner').map((m) => m.ref));
    const inners = joinRings(data, relation.members.filter((m) => m.type === 'way' && m.role === 'inner').map((m) => m.ref));
    outers.forEach((outer, index) => {
      const contained = inners.filter((inner) => pointInRing(inner[0], outer));
      buildings.push({ kind, osmId: `relation/${relation.id}${outers.length > 1 ? `#${index}` : ''}`, tags, outer, inners: contained });
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

function groundKind(tags: Record<string, string>): GroundFeature['kind'] | undefined {
  if (tags.natural === 'water' || tags.waterway === 'riverbank' || tags.landuse === 'reservoir' || tags.leisure === 'swimming_pool') return 'water';
  if (['grass', 'meadow', 'forest', 'village_green', 'recreation_ground', 'cemetery'].includes(tags.landuse) || ['park', 'garden', 'pitch'].includes(tags.leisure) || ['wood', 'scrub', 'grassland'].includes(tags.natural)) return 'green';
  return undefined;
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

/** Joins ways end to end into closed rings (multipolygon members may be split into several ways). */
function joinRings(data: OsmData, wayIds: number[]): LonLatRing[] {
  const pieces = wayIds.map((id) => data.ways.get(id)?.nodes.slice()).filter((nodes): nodes is number[] => !!nodes && nodes.length >= 2);
  const rings: number[][] = [];
  while (pieces.length > 0) {
    let ring = pieces.shift()!;
    let extended = true;
    while (ring[0] !== ring[ring.length - 1] && extended) {
      extended = false;
      const end = ring[ring.length - 1];
      const index = pieces.findIndex((p) => p[0] === end || p[p.length - 1] === end);
      if (index >= 0) {
        const piece = pieces.splice(index, 1)[0];
        ring = ring.concat((piece[0] === end ? piece : piece.reverse()).slice(1));
        extended = true;
      }
    }
    if (ring.length >= 4 && ring[0] === ring[ring.length - 1]) rings.push(ring);
  }
  return rings
    .map((nodes) => {
      const points = nodes.slice(0, -1).map((id) => data.nodes.get(id));
      return points.every(Boolean) ? points.map((n) => [n!.lon, n!.lat] as [number, number]) : undefined;
    })
    .filter((r): r is LonLatRing => !!r);
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
