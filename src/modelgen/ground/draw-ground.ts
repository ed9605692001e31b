import type { GroundFeature } from '../features/map-features.ts';
import type { Point2 } from '../geometry/local-frame.ts';
import { MeshBuilder } from '../geometry/mesh-builder.ts';
import { addTree, treeMeshes } from '../geometry/trees.ts';
import type { GlbWriter } from '../gltf/glb-writer.ts';
import { groundSurface } from '../materials/ground-materials.ts';
import type { TerrainSurface } from '../terrain/terrain-surface.ts';
import { areaPieces } from './area-pieces.ts';
import { buildingCover, type CoverFootprint } from './building-cover.ts';
import { addBridgeDeck } from './bridge-deck.ts';
import { bridgeSpans } from './bridge-spans.ts';
import { clipToCircle, tilePieces } from './convex-clip.ts';
import { drapeConvex, layFlat } from './drape.ts';
import { GROUND_LAYERS, liftOf, quantisationLift, type DrawnKind } from './ground-layers.ts';
import { drawSea, type SeaScene } from './draw-sea.ts';
import { stripPieces } from './road-strips.ts';
import type { HouseAddress } from './building-addresses.ts';
import { houseNumberLabels } from './house-numbers.ts';
import { namedSquares, namedStreets, streetLabels, type StreetLabel } from './street-labels.ts';
import { crownOf, plantTrees } from './wood-trees.ts';

/** Side of the squares draped pieces are cut into before meeting the terrain's triangles, metres. */
const TILE_M = 24;
/** Spacing of the trees planted in woods, metres, and the most trees a model gets. */
const WOOD_SPACING_M = 12;
const MAX_TREES = 5000;

/**
 * How much of the ground a model draws: `full` (HD) every mapped kind and the trees; `streets-and-water`
 * (SD) the sea, rivers, streams and lakes, the roads and pedestrian streets with their names and house
 * numbers: what a visitor finds their way by (the green areas, paths and trees cost more and tell less;
 * bench/RESULTS.md).
 */
export type GroundDetail = 'full' | 'streets-and-water';

/** Whether a streets-and-water model draws a feature: roads, streets for people (`highway=pedestrian`), water areas and waterways. */
const isStreetOrWater = (g: GroundFeature) => g.kind === 'road' || (g.kind === 'path' && g.roadClass === 'pedestrian') || g.kind === 'water' || g.kind === 'waterway';

/** What the ground features are drawn against: the sea's scene, and the buildings. */
export interface GroundScene extends SeaScene {
  /** The drawn buildings' footprints: no tree is drawn inside one. */
  footprints: CoverFootprint[];
  /** The buildings' addresses, to write their numbers in front of them. */
  addresses: HouseAddress[];
}

/**
 * Draws the ground features of a model into the GLB: roads, paths and areas draped on the terrain
 * surface and cut at the circle (`tunnel=*` and `layer<0` left out, bridges on decks), the sea from the
 * coastline, and trees (mapped ones and woods, closest to the centre first); with `detail`
 * `streets-and-water`, the sea, the water and the streets only. One node per kind, named after it,
 * with `kind`, `surface` and `drawOrder` in its extras (roads: one primitive per class).
 *
 * @returns triangles and trees drawn, and where the viewer writes the street names and house numbers
 */
export function drawGroundFeatures(writer: GlbWriter, scene: GroundScene, detail: GroundDetail): { triangles: number; trees: number; streetLabels: StreetLabel[]; houseNumbers: StreetLabel[] } {
  const { features, frame, surface, radius } = scene;
  const local = (ring: [number, number][]): Point2[] => ring.map(([lon, lat]) => frame.toLocal(lon, lat));
  const extraLift = quantisationLift(radius);
  let triangles = drawSea(writer, scene);
  const meshes = new Map<string, { kind: DrawnKind; roadClass?: string; mesh: MeshBuilder }>();
  const meshFor = (kind: DrawnKind, roadClass?: string) => {
    const key = `${kind}/${roadClass ?? ''}`;
    if (!meshes.has(key)) meshes.set(key, { kind, roadClass, mesh: new MeshBuilder() });
    return meshes.get(key)!.mesh;
  };
  const flat = isFlat(surface, radius);
  /** Lays pieces on the ground within the circle. */
  const lay = (pieces: Point2[][], kind: DrawnKind, roadClass?: string) => {
    const options = { lift: liftOf(kind) + extraLift };
    for (const piece of pieces) {
      const inside = clipToCircle(piece, radius);
      if (inside.length < 3) continue;
      if (flat) layFlat(meshFor(kind, roadClass), inside, 0, options);
      else for (const tile of tilePieces(inside, TILE_M)) drapeConvex(meshFor(kind, roadClass), tile, surface, options);
    }
  };

  const onSurface = features.ground.filter((g) => !g.underground);
  const isDrawn = detail === 'full' ? () => true : isStreetOrWater;
  const drawn = onSurface.filter(isDrawn);
  for (const feature of drawn) {
    const isLine = feature.kind === 'road' || feature.kind === 'path' || feature.kind === 'waterway';
    // Bridges are drawn as decks (roads and paths) or not at all (an aqueduct's channel).
    if (feature.kind === 'coastline' || feature.kind === 'cliff' || (isLine && feature.bridge)) continue;
    if (isLine) {
      const line = local(feature.points);
      if (nearCircle(line, radius + (feature.width ?? 0))) lay(stripPieces(line, feature.width ?? 4), feature.kind, feature.roadClass);
    } else {
      lay(areaPieces({ outer: local(feature.points), holes: (feature.inners ?? []).map(local) }, radius), feature.kind);
    }
  }

  const deckTop = new MeshBuilder();
  const deckSides = new MeshBuilder();
  for (const span of bridgeSpans(onSurface, local, radius, isDrawn)) addBridgeDeck(deckTop, deckSides, span, surface, liftOf('road') + extraLift);

  triangles += deckTop.triangleCount + deckSides.triangleCount;
  const ordered = [...meshes.values()].sort((a, b) => GROUND_LAYERS[a.kind].drawOrder - GROUND_LAYERS[b.kind].drawOrder);
  for (const kind of new Set(ordered.map((m) => m.kind))) {
    const layer = GROUND_LAYERS[kind];
    const primitives = ordered.filter((m) => m.kind === kind).map(({ roadClass, mesh }) => ({ mesh, ...groundSurface(kind), extras: { kind, ...(roadClass ? { roadClass } : {}) } }));
    writer.addNode(kind, primitives, { surface: layer.surface, kind, drawOrder: layer.drawOrder });
    triangles += primitives.reduce((sum, p) => sum + p.mesh.triangleCount, 0);
  }
  writer.addNode('bridges', [
    { mesh: deckTop, ...groundSurface('bridge-deck'), extras: { kind: 'bridge-deck' } },
    { mesh: deckSides, ...groundSurface('bridge-structure'), extras: { kind: 'bridge-structure' } },
  ], { surface: 'bridge', kind: 'bridge' });

  const { count: trees, triangles: treeTriangles } = detail === 'full' ? drawTrees(writer, scene, onSurface, local) : { count: 0, triangles: 0 };
  triangles += treeTriangles;
  // Names are written on the streets drawn; house numbers stand in front of any street, drawn or not.
  const streets = namedStreets(onSurface, local);
  const lift = liftOf('road') + extraLift;
  const names = streetLabels(detail === 'full' ? streets : namedStreets(drawn, local), surface, radius, lift);
  const roads = onSurface.filter((feature) => feature.kind === 'road' && !feature.bridge).map((feature) => ({ line: local(feature.points), width: feature.width ?? 4 }));
  const squares = namedSquares(onSurface, local);
  const numbers = houseNumberLabels(scene.addresses, { streets, squares, roads, names, footprints: scene.footprints, surface, radius, lift });
  return { triangles, trees, streetLabels: names, houseNumbers: numbers };
}

/** Plants the mapped trees and those of woods (closest to the centre first, none inside a building) into the node `trees`. */
function drawTrees(writer: GlbWriter, scene: GroundScene, onSurface: GroundFeature[], local: (ring: [number, number][]) => Point2[]): { count: number; triangles: number } {
  const { features, frame, surface, radius } = scene;
  const underBuilding = buildingCover(scene.footprints);
  const trees = plantTrees(
    features.trees.map((tree) => {
      const [x, y] = frame.toLocal(tree.lon, tree.lat);
      return { x, y, tags: tree.tags, shape: crownOf(tree.tags.leaf_type ?? 'broadleaved', x, y) };
    }),
    onSurface.filter((g) => g.kind === 'wood').map((g) => ({ polygon: { outer: local(g.points), holes: (g.inners ?? []).map(local) }, leafType: g.leafType })),
    WOOD_SPACING_M,
    radius,
    MAX_TREES,
    (x, y) => !underBuilding(x, y),
  );
  const tree = treeMeshes();
  for (const { x, y, tags, shape } of trees) addTree(tree, x, y, surface.heightAt(x, y), tags, shape);
  writer.addNode('trees', [
    { mesh: tree.trunks, material: { material: 'bark' as const }, extras: { kind: 'trunk' } },
    { mesh: tree.crowns.broadleaved, material: { material: 'foliage' as const }, extras: { kind: 'crown', leafType: 'broadleaved' } },
    { mesh: tree.crowns.needleleaved, material: { material: 'foliage' as const, colour: [0.2, 0.38, 0.22] as [number, number, number] }, extras: { kind: 'crown', leafType: 'needleleaved' } },
  ], { surface: 'trees', count: trees.length });
  return { count: trees.length, triangles: tree.trunks.triangleCount + tree.crowns.broadleaved.triangleCount + tree.crowns.needleleaved.triangleCount };
}

/** Whether any point of a line comes within `reach` of the origin (a cheap test before cutting it). */
function nearCircle(line: Point2[], reach: number): boolean {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of line) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return minX <= reach && maxX >= -reach && minY <= reach && maxY >= -reach;
}

/** Whether the whole surface is one horizontal plane (no terrain): pieces then need no cutting. */
function isFlat(surface: TerrainSurface, radius: number): boolean {
  const extent = radius + 50;
  for (const triangle of surface.trianglesIn({ minX: -extent, minY: -extent, maxX: extent, maxY: extent })) {
    if (triangle.some(([, , z]) => Math.abs(z) > 0.001)) return false;
  }
  return true;
}
