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
import { seaPolygons, seaReach } from './sea.ts';

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
 * Along the stretches of a sea ring that run on the round edge (`reach` from the centre), a vertical
 * strip from the sea's surface (`top`) down to the drawn ground just inside the edge, where that lies
 * lower: seen from beside the model, no gap shows between the water and the seabed's edge.
 */
function sealEdge(mesh: MeshBuilder, ring: Point2[], reach: number, top: number, groundAt: (x: number, y: number) => number): void {
  const onEdge = (p: Point2) => Math.abs(Math.hypot(p[0], p[1]) - reach) < ON_EDGE_M;
  const groundUnder = ([x, y]: Point2) => {
    const inward = (reach - 0.01) / Math.hypot(x, y);
    return Math.min(top, groundAt(x * inward, y * inward));
  };
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % ring.length]];
    if (!onEdge(a) || !onEdge(b)) continue;
    // The ground may dip between the corners (a mesh vertex on the edge): down to the lowest of the three.
    const middle = groundUnder([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
    const [lowA, lowB] = [Math.min(groundUnder(a), middle), Math.min(groundUnder(b), middle)];
    if (lowA > top - 0.01 && lowB > top - 0.01) continue;
    const corners: Point3[] = [[a[0], a[1], top], [a[0], a[1], lowA], [b[0], b[1], lowB], [b[0], b[1], top]];
    // Counter-clockwise seen from outside: the edge's outward side is where its middle points.
    const outward = (b[0] - a[0]) * (a[1] + b[1]) - (b[1] - a[1]) * (a[0] + b[0]) < 0;
    const [p, q, r, s] = outward ? corners : [corners[3], corners[2], corners[1], corners[0]];
    mesh.triangle(p, q, r);
    mesh.triangle(p, r, s);
  }
}
