import pg from 'pg';
import { addNode, addRelation, addWay } from '../features/assemble-features.ts';
import { emptyMapFeatures, type LonLatRing, type MapFeatures } from '../features/map-features.ts';
import { cellBox, cellsAround, cellsOf, type CellRange } from './cells.ts';
import { readWkb } from './wkb.ts';

/** What the PostGIS source needs of a database connection: parameterised queries. */
export interface OsmDatabase {
  /** Runs a query; `name` lets the connection keep its plan (the same text is asked again and again). */
  query<Row>(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

interface ElementRow {
  id: string;
  tags: Record<string, string>;
  geom: Uint8Array;
}

/** The tables of the flex style osm/solar-partner.lua, each with its id column. */
const TABLES = { nodes: 'osm_nodes', ways: 'osm_ways', multipolygons: 'osm_multipolygons' } as const;

/**
 * Reads the map features around a point from a PostGIS database imported by osm2pgsql with the
 * project's flex style (osm/solar-partner.lua). The box asked for is the extract index's cells around
 * the circle, found through the tables' GiST indexes, and the rows become features through the code
 * that reads extracts, so both sources give the same model.
 *
 * @throws Error saying how to import the data when the tables are missing
 */
export async function queryPostgis(database: OsmDatabase, latitude: number, longitude: number, radiusM: number): Promise<MapFeatures> {
  const range = cellsAround(latitude, longitude, radiusM);
  const box = cellBox(range);
  const select = (table: string, id: string) =>
    database.query<ElementRow>({ name: `solar-partner-${table}`, text: `select ${id}::text as id, tags, ST_AsBinary(geom) as geom from ${table} where geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) order by ${id}`, values: box });
  let rows: [ElementRow[], ElementRow[], ElementRow[]];
  try {
    const answers = await Promise.all([select(TABLES.ways, 'way_id'), select(TABLES.multipolygons, 'relation_id'), select(TABLES.nodes, 'node_id')]);
    rows = [answers[0].rows, answers[1].rows, answers[2].rows];
  } catch (error) {
    const message = (error as Error).message;
    if (/relation "osm_\w+" does not exist/.test(message)) {
      throw new Error(`The OpenStreetMap database (OSM_DATABASE_URL) has no ${message.match(/"(osm_\w+)"/)![1]} table: import it with osm2pgsql --output flex --style osm/solar-partner.lua (see docs/operations.md)`);
    }
    throw new Error(`The OpenStreetMap database (OSM_DATABASE_URL) could not be read: ${message}`);
  }
  const [ways, multipolygons, nodes] = rows;
  const features = emptyMapFeatures();
  for (const row of ways) {
    const geometry = readWkb(row.geom);
    if (geometry.type !== 'line') continue;
    const points = geometry.points;
    const first = points[0];
    const last = points[points.length - 1];
    addWay(features, Number(row.id), row.tags, points, points.length >= 4 && first[0] === last[0] && first[1] === last[1]);
  }
  for (const row of multipolygons) {
    const geometry = readWkb(row.geom);
    if (geometry.type !== 'multipolygon') continue;
    const polygons = geometry.polygons.map((rings) => ({ outer: openRing(rings[0]), inners: rings.slice(1).map(openRing) }));
    // The extract files each polygon of a relation under its own cells: keep the ones the box touches.
    addRelation(features, Number(row.id), row.tags, polygons, (polygon) => touches(cellsOf(polygon.outer), range));
  }
  for (const row of nodes) {
    const geometry = readWkb(row.geom);
    if (geometry.type === 'point') addNode(features, Number(row.id), row.tags, geometry.point[0], geometry.point[1]);
  }
  // Trees of a tree row lie in the cells of their own points, as in the extract.
  features.trees = features.trees.filter((tree) => touches(cellsOf([[tree.lon, tree.lat]]), range));
  return features;
}

const pools = new Map<string, pg.Pool>();

/**
 * The connection pool of an OpenStreetMap database, one per URL and process (each worker thread
 * keeps its own); idle connections close, so a process can exit.
 */
export function osmDatabase(url: string): OsmDatabase {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 3, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
    pool.on('error', () => {}); // an idle connection dropped by the server is replaced on the next query
    pools.set(url, pool);
  }
  const opened = pool;
  return { query: async <Row>(query: { name: string; text: string; values: unknown[] }) => ({ rows: (await opened.query(query)).rows as Row[] }) };
}

/** A ring as PostGIS closes it, without the repeated closing point. */
function openRing(ring: LonLatRing): LonLatRing {
  return ring.slice(0, -1);
}

function touches(a: CellRange, b: CellRange): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}
