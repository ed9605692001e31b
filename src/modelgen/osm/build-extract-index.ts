import fs from 'node:fs';
import path from 'node:path';
import { addNode, addRelation, addWay, relationIsFeature, wayIsFeature } from '../features/assemble-features.ts';
import { emptyMapFeatures, type LonLatRing, type MapFeatures } from '../features/map-features.ts';
import { relationPolygons } from '../features/multipolygon.ts';
import { fileByCell, writeCells } from './cell-filing.ts';
import { CellStoreWriter } from './cell-store.ts';
import { GrowingArray, MemberTable } from './member-table.ts';
import { OsmData, type OsmRelationMember } from './osm-elements.ts';
import { LineReader, LineSpill, RecordSpill } from './spill-files.ts';
import { streamOsmFile } from './stream-osm-file.ts';

/**
 * How much of the extract each step holds in memory at once. The defaults keep each piece to tens of
 * megabytes; tests make them small to run the partitioned paths on small extracts.
 */
export interface IndexLimits {
  /** Nodes per partition of the node file (16 bytes each on disk, 16 in memory while resolving). */
  nodesPerPartition: number;
  /** Kept ways per partition while their shapes are assembled. */
  waysPerPartition: number;
  /** Member ways per partition while multipolygons are assembled. */
  membersPerPartition: number;
  /** Bytes of extract per partition of the cells' features. */
  extractBytesPerCellPartition: number;
}

export const DEFAULT_INDEX_LIMITS: IndexLimits = { nodesPerPartition: 1_000_000, waysPerPartition: 20_000, membersPerPartition: 10_000, extractBytesPerCellPartition: 1_000_000 };

/** What an index holds, for the operator. */
export interface IndexSummary {
  nodes: number;
  ways: number;
  relations: number;
  cells: number;
  bytes: number;
}

/** A missing node's coordinate in the resolved files. */
const MISSING = 0x7fffffff;
const NODE_BYTES = 16;
const REF_BYTES = 16;
const COORD_BYTES = 16;

/**
 * Builds the cell index of an OpenStreetMap extract in `folder` with bounded memory, the extract
 * streamed and the work split into partitions on disk (in `work`, removed afterwards):
 *
 * 1. relations: the multipolygons kept are written out; the ids of their member ways stay in memory,
 *    outside the JavaScript heap (about 28 bytes each while sorted, the one part that grows with the
 *    extract: a few million ways in Germany, under 200 MB);
 * 2. nodes and ways: every node's position goes to the node file, partitioned by id; tagged nodes
 *    (trees, solar, addresses) become features; each kept way's node references go to the partition of their node;
 * 3. each node partition resolves the references filed with it into positions, partitioned by way;
 * 4. each way partition assembles its ways: features of their own, and members of multipolygons,
 *    partitioned by relation;
 * 5. each relation partition assembles its multipolygons;
 * 6. features, filed by cell through partitions by cell, are written one cell after another, with a
 *    sorted table of cells that a request reads (see cell-store.ts).
 *
 * Features are made by the code that assembles an extract read whole (assemble-features.ts).
 *
 * @throws Error when the extract is not sorted (nodes, then ways, then relations, each by id)
 */
export function buildExtractIndex(extract: string, folder: string, work: string, onProgress: (fraction: number, step: string) => void = () => {}, limits: IndexLimits = DEFAULT_INDEX_LIMITS): IndexSummary {
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  const size = fs.statSync(extract).size;
  const name = path.basename(extract);
  const cellPartitions = Math.max(1, Math.ceil(size / limits.extractBytesPerCellPartition));
  const cellSpill = new LineSpill(work, 'cells', cellPartitions);
  const writer = new CellStoreWriter(folder);
  const emit = (features: MapFeatures) => fileByCell(features, cellSpill, cellPartitions, writer);

  // 1. Relations
  const relations = new LineSpill(work, 'relations', 1);
  const relationPartition: number[] = [];
  const memberWays = new GrowingArray();
  const memberRelations = new GrowingArray();
  let membersInPartition = 0;
  let partition = 0;
  streamOsmFile(
    extract,
    {
      relation(id, members, tags) {
        if (!relationIsFeature(tags)) return;
        const wayMembers = members.filter((member) => member.type === 'way');
        if (membersInPartition > 0 && membersInPartition + wayMembers.length > limits.membersPerPartition) [partition, membersInPartition] = [partition + 1, 0];
        membersInPartition += wayMembers.length;
        const index = relationPartition.push(partition) - 1;
        relations.write(0, JSON.stringify({ id, tags, members: wayMembers }));
        for (const member of wayMembers) memberWays.push(member.ref), memberRelations.push(index);
      },
    },
    (done) => onProgress((0.3 * done) / size, `Reading the multipolygons of ${name}`),
  );
  relations.flush();
  const members = new MemberTable(memberWays.values(), memberRelations.values());

  // 2. Nodes and ways
  // Node partitions expected: PBF extracts hold about one node per 9 bytes.
  const nodePartitions = Math.ceil(size / 9 / limits.nodesPerPartition);
  const nodeSpill = new RecordSpill(work, 'nodes', NODE_BYTES, 1);
  const refSpill = new RecordSpill(work, 'refs', REF_BYTES, nodePartitions);
  const ways = new LineSpill(work, 'ways', 1);
  const partitionFirst: number[] = [];
  let nodes = 0, keptWays = 0, lastNode = -Infinity, lastWay = -Infinity;
  const notSorted = () => new Error(`The OpenStreetMap extract ${extract} is not sorted (nodes, then ways, then relations, each by id): sort it with osmium sort first`);
  streamOsmFile(
    extract,
    {
      node(id, lon, lat, tags) {
        if (id <= lastNode || lastWay > -Infinity) throw notSorted();
        lastNode = id;
        if (nodes % limits.nodesPerPartition === 0) partitionFirst.push(id);
        const { data, at } = nodeSpill.record(partitionFirst.length - 1);
        data.writeDoubleLE(id, at);
        data.writeInt32LE(Math.round(lon * 1e7), at + 8);
        data.writeInt32LE(Math.round(lat * 1e7), at + 12);
        nodes++;
        if (tags) {
          const features = emptyMapFeatures();
          addNode(features, id, tags, lon, lat);
          emit(features);
        }
      },
      way(id, refs, tags) {
        if (id <= lastWay) throw notSorted();
        lastWay = id;
        const own = wayIsFeature(tags);
        if ((!own && !members.has(id)) || refs.length < 2) return;
        const index = keptWays++;
        ways.write(0, JSON.stringify([id, own ? tags : 0, refs.length, refs[0], refs[refs.length - 1]]));
        refs.forEach((ref, position) => {
          const { data, at } = refSpill.record(partitionOf(partitionFirst, ref));
          data.writeDoubleLE(ref, at);
          data.writeUInt32LE(index, at + 8);
          data.writeUInt32LE(position, at + 12);
        });
      },
    },
    (done) => onProgress(0.3 + (0.35 * done) / size, `Reading the nodes and ways of ${name}`),
  );
  for (const spill of [nodeSpill, refSpill, ways]) spill.flush();

  // 3. Node positions of the kept ways
  const wayPartitions = Math.ceil(keptWays / limits.waysPerPartition);
  const coordSpill = new RecordSpill(work, 'coords', COORD_BYTES, wayPartitions);
  for (let p = 0; p < partitionFirst.length; p++) {
    onProgress(0.65 + (0.1 * p) / partitionFirst.length, `Placing the ways' nodes (${p + 1} of ${partitionFirst.length})`);
    resolvePartition(nodeSpill, refSpill, p, coordSpill, limits.waysPerPartition);
  }
  coordSpill.flush();

  // 4. Ways
  const relationPartitions = relationPartition.length ? relationPartition[relationPartition.length - 1] + 1 : 0;
  const memberSpill = new LineSpill(work, 'members', relationPartitions);
  const wayLines = lineReader(ways.file(0));
  for (let q = 0; q < wayPartitions; q++) {
    onProgress(0.75 + (0.1 * q) / wayPartitions, `Assembling ways (${q + 1} of ${wayPartitions})`);
    assembleWays(q, Math.min(limits.waysPerPartition, keptWays - q * limits.waysPerPartition), limits.waysPerPartition, wayLines, coordSpill, (way) => {
      if (way.tags && way.points.every(Boolean)) {
        const features = emptyMapFeatures();
        addWay(features, way.id, way.tags, way.points as LonLatRing, way.count >= 4 && way.first === way.last);
        emit(features);
      }
      for (const relation of members.relationsOf(way.id)) memberSpill.write(relationPartition[relation], JSON.stringify([way.id, way.first, way.last, way.points]));
    });
  }
  wayLines.close();
  memberSpill.flush();

  // 5. Multipolygons
  const relationLines = lineReader(relations.file(0));
  for (let s = 0, next = 0; s < relationPartitions; s++) {
    onProgress(0.85 + (0.05 * s) / relationPartitions, `Assembling multipolygons (${s + 1} of ${relationPartitions})`);
    const data = memberData(memberSpill.take(s));
    for (; next < relationPartition.length && relationPartition[next] === s; next++) {
      const relation = JSON.parse(relationLines.next()!) as { id: number; tags: Record<string, string>; members: OsmRelationMember[] };
      const features = emptyMapFeatures();
      addRelation(features, relation.id, relation.tags, relationPolygons(data, { type: 'relation', ...relation }));
      emit(features);
    }
  }
  relationLines.close();
  cellSpill.flush();

  // 6. Cells
  for (let k = 0; k < cellPartitions; k++) {
    onProgress(0.9 + (0.1 * k) / cellPartitions, `Writing cells (${k + 1} of ${cellPartitions})`);
    writeCells(cellSpill.take(k), writer);
  }
  const { cells, bytes } = writer.close();
  fs.rmSync(work, { recursive: true, force: true });
  onProgress(1, `Indexed ${name}: ${cells} cells`);
  return { nodes, ways: keptWays, relations: relationPartition.length, cells, bytes };
}

function lineReader(file: string): LineReader {
  if (!fs.existsSync(file)) fs.writeFileSync(file, '');
  return new LineReader(file);
}

/** The partition of the node file that would hold a node id (the last one starting at or before it). */
function partitionOf(firsts: number[], id: number): number {
  let low = 0, high = firsts.length - 1, found = 0;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (firsts[middle] <= id) [found, low] = [middle, middle + 1];
    else high = middle - 1;
  }
  return found;
}

/** Resolves the references filed with node partition `p` into positions, filed by way partition. */
function resolvePartition(nodeSpill: RecordSpill, refSpill: RecordSpill, p: number, coordSpill: RecordSpill, waysPerPartition: number): void {
  const count = fs.existsSync(nodeSpill.file(p)) ? fs.statSync(nodeSpill.file(p)).size / NODE_BYTES : 0;
  const idArray = new Float64Array(count);
  const lons = new Int32Array(count);
  const lats = new Int32Array(count);
  let loaded = 0;
  for (const { data, count: records } of nodeSpill.read(p)) {
    for (let i = 0; i < records; i++, loaded++) {
      idArray[loaded] = data.readDoubleLE(i * NODE_BYTES);
      lons[loaded] = data.readInt32LE(i * NODE_BYTES + 8);
      lats[loaded] = data.readInt32LE(i * NODE_BYTES + 12);
    }
  }
  for (const { data, count } of refSpill.read(p)) {
    for (let i = 0; i < count; i++) {
      const ref = data.readDoubleLE(i * REF_BYTES);
      const way = data.readUInt32LE(i * REF_BYTES + 8);
      const found = findSorted(idArray, ref);
      const record = coordSpill.record(Math.floor(way / waysPerPartition));
      record.data.writeUInt32LE(way, record.at);
      record.data.writeUInt32LE(data.readUInt32LE(i * REF_BYTES + 12), record.at + 4);
      record.data.writeInt32LE(found < 0 ? MISSING : lons[found], record.at + 8);
      record.data.writeInt32LE(found < 0 ? MISSING : lats[found], record.at + 12);
    }
  }
}

function findSorted(values: Float64Array, value: number): number {
  let low = 0, high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (values[middle] === value) return middle;
    if (values[middle] < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A kept way with its points (null where a node is missing from the extract). */
interface PlacedWay {
  id: number;
  tags: Record<string, string> | undefined;
  count: number;
  first: number;
  last: number;
  points: ([number, number] | null)[];
}

/** Assembles the `count` ways of way partition `q`: headers read in order, positions from the partition's file. */
function assembleWays(q: number, count: number, waysPerPartition: number, lines: LineReader, coordSpill: RecordSpill, each: (way: PlacedWay) => void): void {
  const placed: PlacedWay[] = [];
  for (let i = 0; i < count; i++) {
    const [id, tags, length, first, last] = JSON.parse(lines.next()!) as [number, Record<string, string> | 0, number, number, number];
    placed.push({ id, tags: tags || undefined, count: length, first, last, points: new Array(length).fill(null) });
  }
  for (const { data, count: records } of coordSpill.read(q)) {
    for (let i = 0; i < records; i++) {
      const lon = data.readInt32LE(i * COORD_BYTES + 8);
      if (lon === MISSING) continue;
      const way = placed[data.readUInt32LE(i * COORD_BYTES) - q * waysPerPartition];
      way.points[data.readUInt32LE(i * COORD_BYTES + 4)] = [lon / 1e7, data.readInt32LE(i * COORD_BYTES + 12) / 1e7];
    }
  }
  placed.forEach(each);
}

/**
 * The member ways of a relation partition as elements that relationPolygons reads: rings are joined at
 * the ways' end nodes, so only those keep their ids; the other nodes get ids of their own.
 */
function memberData(lines: string[]): OsmData {
  const data = new OsmData();
  let synthetic = 0;
  for (const line of lines) {
    const [id, first, last, points] = JSON.parse(line) as [number, number, number, ([number, number] | null)[]];
    if (data.ways.has(id)) continue;
    const nodes = points.map((point, i) => {
      const node = i === 0 ? first : i === points.length - 1 ? last : --synthetic;
      if (point) data.add({ type: 'node', id: node, lon: point[0], lat: point[1] });
      return node;
    });
    data.add({ type: 'way', id, nodes });
  }
  return data;
}
