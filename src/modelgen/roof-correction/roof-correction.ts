import type { ExistingSolar } from '../geometry/existing-solar.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import type { RoofSegment } from '../geometry/roof-segment.ts';
import { minimumBoundingRectangle, needsStraightSkeleton } from '../geometry/roofs/roof-outline.ts';
import { CROSS_GABLED } from '../geometry/roofs/roof-types.ts';
import type { BuildingMaterials } from '../materials/building-uv.ts';
import type { FootprintExtras } from './footprint-extras.ts';

/** Roof shapes a visitor can choose. */
export const CORRECTABLE_SHAPES = ['flat', 'gabled', CROSS_GABLED, 'hipped', 'skillion', 'pyramidal', 'half-hipped'] as const;
export type CorrectableShape = (typeof CORRECTABLE_SHAPES)[number];

/** Whether a roof shape is one the visitor can choose. */
export function isCorrectableShape(shape: string): shape is CorrectableShape {
  return (CORRECTABLE_SHAPES as readonly string[]).includes(shape);
}

/** Why a roof that needs the straight skeleton (cross-gabled; hipped or pyramidal on an outline with inner corners) is drawn as a gable: its module could not be fetched. */
export const SKELETON_FALLBACK = 'the roof drawing module could not be fetched';

/**
 * Shapes whose direction a visitor chooses: a gable's or half-hip's ridge, a single slope's facing. A
 * hipped roof's ridge follows its outline's long side and a pyramid has none.
 */
export const DIRECTED_SHAPES: readonly CorrectableShape[] = ['gabled', 'half-hipped', 'skillion'];

/** Pitches a visitor can give, degrees. */
export const CORRECTION_PITCH = { min: 5, max: 60 } as const;

/** A visitor's correction of a building's roof. */
export interface RoofCorrection {
  shape: CorrectableShape;
  /** Degrees from horizontal, for pitched shapes. */
  pitch?: number;
  /** Compass bearing of the ridge, degrees 0–180 (0 = north–south); for a skillion, the direction its face looks. */
  ridgeDirection?: number;
}

/** The building as its node's extras describe it. */
export interface CorrectableBuilding extends FootprintExtras {
  /** Ground height under the building, metres (the model's y). */
  base: number;
  minHeight: number;
  /** Lowest bottom of its walls where they are carried down a slope below the base (the model's y). */
  foot?: number;
  /** How the generator dressed it (HD): the redrawn walls and roof get the same texture layout. */
  materials?: BuildingMaterials;
  /** PV mapped on its roof, as drawn there. */
  existingSolar?: ExistingSolar[];
}

/** A redrawn surface: non-indexed triangles and, when the building's materials are known, their texture coordinates as stored in the model. */
export interface RedrawnSurface {
  positions: Float32Array;
  normals: Float32Array;
  uvs?: Int16Array;
}

/** A redrawn building in the model's frame (glTF: x east, y up, z south), non-indexed triangles. */
export interface RedrawnBuilding {
  /** The walls; with `groundFloor`, the storeys above it. */
  walls: RedrawnSurface;
  /** A ground floor dressed apart (shop fronts), when the building has one. */
  groundFloor?: RedrawnSurface;
  roofFaces: (RedrawnSurface & { segments: RoofSegment[] })[];
  /** PV mapped on the roof, laid on the redrawn faces where it lay seen from above (when the building has any). */
  existingSolar?: { surface: RedrawnSurface; installations: ExistingSolar[] };
  /** The shape drawn (one a visitor can choose), and why it is not the one asked for when it is not. */
  shape: CorrectableShape;
  fallback?: string;
}

/**
 * Checks a correction and says exactly what is wrong.
 *
 * @throws Error naming the bad value and what is allowed
 */
export function checkCorrection(correction: RoofCorrection): void {
  if (!isCorrectableShape(correction.shape)) throw new Error(`Unknown roof shape "${correction.shape}": use one of ${CORRECTABLE_SHAPES.join(', ')}.`);
  const { pitch, ridgeDirection } = correction;
  if (pitch !== undefined && !(pitch >= CORRECTION_PITCH.min && pitch <= CORRECTION_PITCH.max)) throw new Error(`Roof pitch ${pitch}° is out of range: use ${CORRECTION_PITCH.min}–${CORRECTION_PITCH.max}°.`);
  if (ridgeDirection !== undefined && !(ridgeDirection >= 0 && ridgeDirection <= 360)) throw new Error(`Ridge direction ${ridgeDirection}° is out of range: use 0–360°.`);
}

/** The roof tags a correction stands for, so the generator's roof builder draws it. */
export function correctionTags(correction: RoofCorrection): Record<string, string> {
  const tags: Record<string, string> = { building: 'yes', 'roof:shape': correction.shape };
  if (correction.shape === 'flat') return tags;
  tags['roof:angle'] = String(correction.pitch ?? 30);
  if (correction.ridgeDirection !== undefined) {
    // roof:direction is where the main face looks: across the ridge, except a skillion's, which is its face.
    tags['roof:direction'] = String(correction.shape === 'skillion' ? correction.ridgeDirection : (correction.ridgeDirection + 90) % 360);
  }
  return tags;
}

/**
 * A ridge (or a single slope's facing) given within this many degrees of the outline's walls runs along
 * them: a visitor who types the street's bearing means the walls beside it, which are rarely more than a
 * few degrees off it, and a ridge askew to its walls draws sloping eaves and skewed rows of panels.
 */
const RIDGE_SNAP_DEGREES = 8;

/** The direction drawn for a given ridge or facing: the walls' own when it is within RIDGE_SNAP_DEGREES of them. */
export function ridgeAlongWalls(outer: readonly (readonly [number, number])[], direction: number): number {
  const walls = wallsBearing(outer);
  const off = (((direction - walls) % 90) + 90) % 90;
  if (off < RIDGE_SNAP_DEGREES) return (direction - off + 360) % 360;
  if (off > 90 - RIDGE_SNAP_DEGREES) return (direction + (90 - off)) % 360;
  return direction;
}

/** The compass bearing of the outline's long side (its smallest bounding rectangle's), 0–180°, unrounded. */
function wallsBearing(outer: readonly (readonly [number, number])[]): number {
  const [east, north] = minimumBoundingRectangle(outer.map(([x, y]) => [x, y] as Point2)).along;
  return ((((Math.atan2(east, north) * 180) / Math.PI) % 180) + 180) % 180;
}

/**
 * The ridge a pitched roof gets when the visitor has not said where it runs: along the outline's long
 * side, as the generator draws a gable with no `roof:orientation`. A compass bearing, 0–180°.
 */
export function defaultRidgeDirection(outer: readonly (readonly [number, number])[]): number {
  return Math.round(wallsBearing(outer)) % 180;
}

/**
 * Whether redrawing a correction needs the straight skeleton's module, which the browser loads only
 * then: a cross-gabled roof (a gable on every wing), and a hipped or pyramidal roof on an outline with
 * inner corners or courtyards.
 */
export function correctionNeedsSkeleton(footprint: CorrectableBuilding['footprint'], correction: RoofCorrection): boolean {
  const rings = { outer: footprint.outer.map(([x, y]) => [x, y] as Point2), inners: footprint.inners.map((r) => r.map(([x, y]) => [x, y] as Point2)) };
  return needsStraightSkeleton(rings, correction.shape);
}
