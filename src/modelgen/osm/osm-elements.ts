/** OpenStreetMap elements in the JSON shape of Overpass and the OSM API (`out body`). */
export interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags?: Record<string, string>;
}

export interface OsmWay {
  type: 'way';
  id: number;
  nodes: number[];
  tags?: Record<string, string>;
}

export interface OsmRelationMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}

export interface OsmRelation {
  type: 'relation';
  id: number;
  members: OsmRelationMember[];
  tags?: Record<string, string>;
}

export type OsmElement = OsmNode | OsmWay | OsmRelation;

/** Elements indexed by id, as the feature assembly reads them. */
export class OsmData {
  readonly nodes = new Map<number, OsmNode>();
  readonly ways = new Map<number, OsmWay>();
  readonly relations = new Map<number, OsmRelation>();

  constructor(elements: Iterable<OsmElement> = []) {
    for (const element of elements) this.add(element);
  }

  add(element: OsmElement): void {
    if (element.type === 'node') this.nodes.set(element.id, element);
    else if (element.type === 'way') this.ways.set(element.id, element);
    else if (element.type === 'relation') this.relations.set(element.id, element);
  }
}
