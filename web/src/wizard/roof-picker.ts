import { Mesh, Raycaster, Vector2, Vector3, type Camera, type Object3D } from 'three';
import type { RoofSegment } from '../../../src/solar-design/index.ts';

/** A building the visitor picked, with its roof faces. */
export interface PickedRoof {
  /** The building's node. */
  node: Object3D;
  /** The building's id: OSM's (`way/123`) or a measured building's (`lod2/<dataset>/<id>`). */
  osmId: string;
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

/** Every roof face a building's GLB primitives describe (`extras.roofSegments`). */
export function roofSegmentsOf(building: Object3D): RoofSegment[] {
  const segments: RoofSegment[] = [];
  building.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    const extras = object.geometry.userData as { surface?: string; roofSegments?: RoofSegment[] };
    if (extras.roofSegments) segments.push(...extras.roofSegments);
  });
  return segments;
}

function picked(hit: Object3D | undefined): PickedRoof | undefined {
  const node = hit && buildingOf(hit);
  if (!node) return undefined;
  const segments = roofSegmentsOf(node);
  if (segments.length === 0) return undefined;
  return { node, osmId: buildingIdOf(node)!, segments };
}

/** The roof under a click: `pointer` in normalised device coordinates (−1…1). */
export function pickRoofAtPointer(content: Object3D, camera: Camera, pointer: Vector2): PickedRoof | undefined {
  const raycaster = new Raycaster();
  raycaster.setFromCamera(pointer, camera);
  return picked(raycaster.intersectObject(content, true)[0]?.object);
}

/**
 * The roof straight below a ground point (metres east and north of the model origin): a ray cast down
 * from high above, as an agent's `roofLat`/`roofLng` asks. Undefined when it lands on no building.
 */
export function pickRoofBelow(content: Object3D, east: number, north: number): PickedRoof | undefined {
  const raycaster = new Raycaster(new Vector3(east, 10_000, -north), new Vector3(0, -1, 0));
  return picked(raycaster.intersectObject(content, true)[0]?.object);
}

/**
 * The building straight below a ground point, roof faces or not (e.g. to mark a visitor's house).
 * Undefined when the ray lands on no building.
 */
export function buildingBelow(content: Object3D, east: number, north: number): { node: Object3D; osmId: string } | undefined {
  const raycaster = new Raycaster(new Vector3(east, 10_000, -north), new Vector3(0, -1, 0));
  const node = buildingOf(raycaster.intersectObject(content, true)[0]?.object ?? content);
  return node ? { node, osmId: buildingIdOf(node)! } : undefined;
}
