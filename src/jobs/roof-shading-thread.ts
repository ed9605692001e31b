import { readModelScene } from '../modelgen/model-file.ts';
import { ShadingEngine, shadeRoofs, type RoofSegment } from '../solar-design/index.ts';

/** One thread's share of a model's roofs to lay out and shade. */
export interface RoofShadingTask {
  glb: Uint8Array;
  latitude: number;
  longitude: number;
  /** This thread takes the buildings of part `part` of `parts` (balanced by roof area). */
  part: number;
  parts: number;
  traceBudget: number;
}

/** A panel as the figures need it: its face, which way it faces, where it is. */
export interface SlimPanel {
  face: number;
  tiltDeg: number;
  azimuthDeg: number;
  /** Centre in the model frame, to the centimetre. */
  centre: [number, number, number];
  /** `portrait` or `landscape`. */
  orientation: string;
}

/** A shaded roof, without the panels' geometry (only what the figures need crosses back). */
export interface SlimRoof {
  id: string;
  segments: RoofSegment[];
  panels: SlimPanel[];
  losses: number[];
  faceLosses: number[];
  traced: number;
  existingSolarM2: number;
}

export interface RoofShadingResult {
  asset: Record<string, unknown>;
  roofs: SlimRoof[];
}

/**
 * Runs in a worker thread (piscina): reads the model's GLB, builds the ray-tracing index over all its
 * triangles, and lays out and shades this part's roofs with the Solar Wizard's own functions.
 */
export default async function shadeRoofPart(task: RoofShadingTask): Promise<RoofShadingResult> {
  const scene = await readModelScene(task.glb);
  const withRoofs = scene.buildings.filter((building) => building.segments.length > 0);
  const mine = partOf(withRoofs, task.part, task.parts);
  const engine = new ShadingEngine(scene.positions, scene.index);
  const roofs = shadeRoofs(mine, engine, { latitude: task.latitude, longitude: task.longitude, traceBudget: task.traceBudget });
  return {
    asset: scene.asset,
    roofs: roofs.map((roof) => ({
      id: roof.id,
      segments: roof.segments,
      panels: roof.candidates.map(({ face, tiltDeg, azimuthDeg, centre, orientation }) => ({ face, tiltDeg, azimuthDeg, orientation, centre: centre.map((v) => Math.round(v * 100) / 100) as [number, number, number] })),
      losses: roof.losses,
      faceLosses: roof.faceLosses,
      traced: roof.traced,
      existingSolarM2: roof.existingSolarM2,
    })),
  };
}

/**
 * The buildings of one part: largest roofs first, each to the part with the least roof area so far, so
 * that the threads finish together. The same on every thread (it depends only on the model).
 */
export function partOf<T extends { segments: RoofSegment[] }>(buildings: T[], part: number, parts: number): T[] {
  const area = (building: T) => building.segments.reduce((sum, segment) => sum + segment.area, 0);
  const order = buildings.map((building, index) => ({ building, index, area: area(building) })).sort((a, b) => b.area - a.area || a.index - b.index);
  const load = new Array<number>(parts).fill(0);
  const mine: { building: T; index: number }[] = [];
  for (const entry of order) {
    const target = load.indexOf(Math.min(...load));
    load[target] += entry.area;
    if (target === part) mine.push(entry);
  }
  return mine.sort((a, b) => a.index - b.index).map((entry) => entry.building);
}
