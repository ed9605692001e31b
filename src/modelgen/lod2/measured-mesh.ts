import type { LocalFrame, Point2 } from '../geometry/local-frame.ts';
import { MeshBuilder, newellNormal, type Point3 } from '../geometry/mesh-builder.ts';
import { toGltf, type RoofSegment } from '../geometry/roof-segment.ts';
import type { Lod2Building, Lod2Point } from './lod2-types.ts';
import { pitchAzimuth } from './polygon-3d.ts';
import { mergeCoplanar, type FlatPolygon, type MeasuredFace } from './roof-faces.ts';

/** A measured building's geometry in the model: walls, one primitive per roof face, and its heights. */
export interface MeasuredMesh {
  walls: MeshBuilder;
  roofFaces: { mesh: MeshBuilder; segments: RoofSegment[] }[];
  /** Lowest and highest roof vertex, and the highest vertex, in model metres. */
  eaves: number;
  ridge: number;
  top: number;
}

/** Where a measured building stands: its footprint rings in the model's plane and its ground in the data's heights. */
export interface MeasuredFootprint {
  rings: Point2[][];
  /** Lowest point of its ground surfaces (or of the whole building when it has none), data metres. */
  groundZ: number;
}

/**
 * The footprint of a measured building: its ground surfaces, or where it has none (geometry given as
 * surfaces only), the plan of its roof polygons — what covers the ground either way.
 */
export function measuredFootprint(building: Lod2Building, frame: LocalFrame): MeasuredFootprint {
  const ground = building.polygons.filter((p) => p.kind === 'ground');
  const covering = ground.length > 0 ? ground : building.polygons.filter((p) => p.kind === 'roof');
  const rings = covering.map((p) => p.outer.map(([lon, lat]) => frame.toLocal(lon, lat)));
  const heights = (ground.length > 0 ? ground : building.polygons).flatMap((p) => p.outer.map((v) => v[2]));
  return { rings, groundZ: Math.min(...heights) };
}

/**
 * Builds walls and roof faces of a measured building; `lift` turns the data's heights into the model's
 * (model = data + lift). Closure surfaces (virtual walls between parts) and ground surfaces are not drawn.
 */
export function buildMeasuredMesh(building: Lod2Building, frame: LocalFrame, lift: number): MeasuredMesh {
  const toModel = (ring: Lod2Point[]): Point3[] => ring.map(([lon, lat, z]) => [...frame.toLocal(lon, lat), z + lift]);
  const walls = new MeshBuilder();
  const roofs: FlatPolygon[] = [];
  for (const polygon of building.polygons) {
    if (polygon.kind === 'wall') walls.polygon(toModel(polygon.outer), polygon.holes.map(toModel));
    if (polygon.kind === 'roof') roofs.push(upward({ outer: toModel(polygon.outer), holes: polygon.holes.map(toModel) }));
  }
  const roofFaces = mergeCoplanar(roofs).map((face) => {
    const mesh = new MeshBuilder();
    for (const polygon of face.polygons) mesh.polygon(polygon.outer, polygon.holes);
    return { mesh, segments: [describeMeasuredFace(face)] };
  });
  const roofHeights = roofs.flatMap((p) => p.outer.map((v) => v[2]));
  const all = [...roofHeights, ...building.polygons.filter((p) => p.kind === 'wall').flatMap((p) => p.outer.map((v) => v[2] + lift))];
  return { walls, roofFaces: roofFaces.filter((f) => f.mesh.triangleCount > 0), eaves: Math.min(...roofHeights), ridge: Math.max(...roofHeights), top: Math.max(...all) };
}

/** A roof face as the viewer's `roofSegments` describe faces (glTF frame: x east, y up, z south). */
export function describeMeasuredFace(face: MeasuredFace): RoofSegment {
  const [e, north, up] = face.normal;
  const { pitch, azimuth } = pitchAzimuth(face.normal);
  return {
    normal: [round(e, 4), round(up, 4), round(-north, 4)],
    pitch: round(pitch, 2),
    azimuth: pitch < 0.5 ? 180 : round(azimuth, 2),
    area: round(face.area, 2),
    outline: face.outline.map((p) => toGltf(p)),
    ...(face.holes.length > 0 ? { holes: face.holes.map((hole) => hole.map((p) => toGltf(p))) } : {}),
  };
}

/** The polygon with its normal pointing up (rings as the data orients them may face into the building). */
function upward(polygon: FlatPolygon): FlatPolygon {
  if (newellNormal(polygon.outer)[2] >= 0) return polygon;
  return { outer: [...polygon.outer].reverse(), holes: polygon.holes.map((h) => [...h].reverse()) };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}
