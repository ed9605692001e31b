import { MeshBuilder, type Point3 } from '../geometry/mesh-builder.ts';
import type { LocalFrame, Point2 } from '../geometry/local-frame.ts';
import type { MapFeatures } from '../features/map-features.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import type { GlbWriter } from '../gltf/glb-writer.ts';
import { groundSurface } from '../materials/ground-materials.ts';
import { areaPieces } from './area-pieces.ts';
import { clipToCircle } from './convex-clip.ts';
import { layFlat } from './drape.ts';
import { GROUND_LAYERS, liftOf, quantisationLift } from './ground-layers.ts';
import { ARC_STEPS, seaPolygons, seaReach } from './sea.ts';

/** What the sea is drawn against. */
export interface SeaScene {
  features: MapFeatures;
  frame: LocalFrame;
  /** The drawn ground. */
  surface: TerrainSurface;
  /** The model's radius, metres: every ground feature is cut at it. */
  radius: number;
  /** Sea level in the model's frame (metres; the origin's ground is 0). */
  seaLevel: number;
}

/** A sea edge's corner lies on the drawn ground's round edge when this close to it, metres. */
const ON_EDGE_M = 0.05;
/** The strip closing the sea's edge reads the ground about this often along it, metres, in at most so many pieces an arc step. */
const STRIP_STEP_M = 2;
const MAX_STRIP_PIECES = 16;

/**
 * Draws the sea from the coastline into its own node (both qualities: the sea is how a coast is known). It
 * is one level surface laid whole over the seabed (src/modelgen/ground/sea-level-ground.ts): the ground
 * meets it near the coastline, so it needs no cutting along the ground's triangles (that cutting was a
 * fifth of a coastal model's triangles). Where its edge runs along the drawn ground's round edge and the
 * ground's mesh lies lower there, a strip of water closes the gap down to the ground, facing out.
 *
 * @returns the triangles drawn
 */
export function drawSea(writer: GlbWriter, scene: SeaScene): number {
  const coasts = scene.features.ground.filter((g) => g.kind === 'coastline').map((g) => g.points.map(([lon, lat]) => scene.frame.toLocal(lon, lat)));
  const reach = seaReach(scene.radius);
  const mesh = new MeshBuilder();
  const top = scene.seaLevel + liftOf('sea') + quantisationLift(scene.radius);
  for (const sea of seaPolygons(coasts, reach)) {
    for (const piece of areaPieces(sea, reach)) {
      const inside = clipToCircle(piece, reach);
      if (inside.length >= 3) layFlat(mesh, inside, scene.seaLevel, { lift: top - scene.seaLevel });
    }
    sealEdge(mesh, sea.outer, reach, top, (x, y) => scene.surface.heightAt(x, y));
  }
  if (mesh.triangleCount === 0) return 0;
  const layer = GROUND_LAYERS.sea;
  writer.addNode('sea', [{ mesh, ...groundSurface('sea'), extras: { kind: 'sea' } }], { surface: layer.surface, kind: 'sea', drawOrder: layer.drawOrder });
  return mesh.triangleCount;
}

/**
 * Along the stretches of a sea ring that run on the round edge (`reach` from the centre: chords of its
 * circle no longer than the sea's arc steps), a vertical strip from the sea's surface (`top`) down to the
 * drawn ground just inside the edge, where that lies lower, read every `STRIP_STEP_M` or so: seen from
 * beside the model, no gap shows between the water and the seabed's edge.
 */
function sealEdge(mesh: MeshBuilder, ring: Point2[], reach: number, top: number, groundAt: (x: number, y: number) => number): void {
  const onEdge = (p: Point2) => Math.abs(Math.hypot(p[0], p[1]) - reach) < ON_EDGE_M;
  const arcChord = 2 * reach * Math.sin(Math.PI / ARC_STEPS) + ON_EDGE_M;
  const groundUnder = ([x, y]: Point2) => {
    const inward = (reach - 0.01) / Math.hypot(x, y);
    return Math.min(top, groundAt(x * inward, y * inward));
  };
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % ring.length]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    // A coast segment cut by the circle at both ends lies across the model, not along its edge.
    if (!onEdge(a) || !onEdge(b) || length > arcChord) continue;
    // The sea's ring runs counter-clockwise along the edge: corners in this order face out.
    const counterClockwise = (b[0] - a[0]) * (a[1] + b[1]) - (b[1] - a[1]) * (a[0] + b[0]) < 0;
    const pieces = Math.min(MAX_STRIP_PIECES, Math.max(1, Math.ceil(length / STRIP_STEP_M)));
    const at = (k: number): Point2 => [a[0] + ((b[0] - a[0]) * k) / pieces, a[1] + ((b[1] - a[1]) * k) / pieces];
    for (let k = 0; k < pieces; k++) {
      const [from, to] = [at(k), at(k + 1)];
      // The ground may dip between the two (a mesh vertex on the edge): down to the lowest of the three.
      const middle = groundUnder([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]);
      const [lowFrom, lowTo] = [Math.min(groundUnder(from), middle), Math.min(groundUnder(to), middle)];
      if (lowFrom > top - 0.01 && lowTo > top - 0.01) continue;
      const corners: Point3[] = [[from[0], from[1], top], [from[0], from[1], lowFrom], [to[0], to[1], lowTo], [to[0], to[1], top]];
      const [p, q, r, t] = counterClockwise ? corners : [corners[3], corners[2], corners[1], corners[0]];
      mesh.triangle(p, q, r);
      mesh.triangle(p, r, t);
    }
  }
}
