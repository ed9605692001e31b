import { Raycaster, Vector2, type Camera, type Intersection, type Object3D } from 'three';
import type { RoofSegment } from '../../../src/solar-design/index.ts';
import type { ModelBuildings } from '../viewer/model-buildings.ts';
import { verticalHit } from '../viewer/vertical-hit.ts';

/** A building the visitor picked, with its roof faces. */
export interface PickedRoof {
  /** The piece picked: the building's node, or the part of it under the click (its roof is the one corrected). */
  node: Object3D;
  /** The picked piece's id: OSM's (`way/123`) or a measured building's (`lod2/<dataset>/<id>`). */
  osmId: string;
  /** The building's other pieces with roof faces (a house mapped as parts is designed on whole). */
  others: Object3D[];
  /** Every roof face of the building: the picked piece's first, then the other pieces'. */
  segments: RoofSegment[];
}

/** The building node above a hit object: the nearest ancestor carrying a building id in its extras. */
function buildingOf(object: Object3D): Object3D | undefined {
  for (let node: Object3D | null = object; node; node = node.parent) {
    if (buildingIdOf(node)) return node;
  }
  return undefined;
}

/** An OSM building's `osmId`, or a measured (LoD2) building's `buildingId`. */
function buildingIdOf(node: Object3D): string | undefined {
  const { osmId, buildingId } = node.userData as { osmId?: unknown; buildingId?: unknown };
  return typeof osmId === 'string' ? osmId : typeof buildingId === 'string' ? buildingId : undefined;
}

/** Every roof face of a building node (`roofSegments` of its building table entry, or of its corrected roof). */
export function roofSegmentsOf(building: Object3D): RoofSegment[] {
  const segments = (building.userData as { roofSegments?: unknown }).roofSegments;
  return Array.isArray(segments) ? (segments as RoofSegment[]) : [];
}

/**
 * The building of a hit: a redrawn building's own node above the hit mesh, or the building drawing the
 * hit triangle of a batch mesh (looked up in the model's building table).
 */
function buildingOfHit(hit: Intersection, buildings: ModelBuildings | undefined): Object3D | undefined {
  return buildingOf(hit.object) ?? (hit.faceIndex !== undefined && hit.faceIndex !== null ? buildings?.nodeAt(hit.object, hit.faceIndex) : undefined);
}

/** The roof faces of the building a hit landed on (none when it is not a building's). */
export function roofSegmentsAtHit(hit: Intersection, buildings: ModelBuildings | undefined): RoofSegment[] {
  const node = buildingOfHit(hit, buildings);
  return node ? roofSegmentsOf(node) : [];
}

function picked(hit: Intersection | undefined, buildings: ModelBuildings | undefined): PickedRoof | undefined {
  const node = hit && buildingOfHit(hit, buildings);
  if (!node || roofSegmentsOf(node).length === 0) return undefined;
  // A building mapped as parts (a house and its wing, a tower on its base) is one roof to an installer.
  const others = (buildings?.piecesOf(node).slice(1) ?? []).filter((piece) => roofSegmentsOf(piece).length > 0);
  return withCurrentFaces({ node, osmId: buildingIdOf(node)!, others, segments: [] });
}

/**
 * A picked roof with the faces its pieces have now: a piece redrawn by a correction since it was picked
 * (the visitor's house, picked when the model opened) has new faces.
 */
export function withCurrentFaces(roof: PickedRoof): PickedRoof {
  return { ...roof, segments: [roof.node, ...roof.others].flatMap(roofSegmentsOf) };
}

/** The roof under a click: `pointer` in normalised device coordinates (−1…1). */
export function pickRoofAtPointer(content: Object3D, buildings: ModelBuildings | undefined, camera: Camera, pointer: Vector2): PickedRoof | undefined {
  const raycaster = new Raycaster();
  raycaster.setFromCamera(pointer, camera);
  return picked(raycaster.intersectObject(content, true)[0], buildings);
}

/**
 * The roof straight below a ground point (metres east and north of the model origin): a ray cast down
 * from high above, as an agent's `roofLat`/`roofLng` asks. Undefined when it lands on no building.
 */
export function pickRoofBelow(content: Object3D, buildings: ModelBuildings | undefined, east: number, north: number): PickedRoof | undefined {
  return picked(verticalHit(content, east, -north), buildings);
}

/**
 * The building straight below a ground point, roof faces or not (e.g. to mark a visitor's house).
 * Undefined when the ray lands on no building.
 */
export function buildingBelow(content: Object3D, buildings: ModelBuildings | undefined, east: number, north: number): { node: Object3D; osmId: string } | undefined {
  const hit = verticalHit(content, east, -north);
  const node = hit && buildingOfHit(hit, buildings);
  return node ? { node, osmId: buildingIdOf(node)! } : undefined;
}
