import type { BuildingFeature } from './features/map-features.ts';
import { buildingHeights } from './geometry/building-heights.ts';
import { buildBuildingMesh } from './geometry/building-mesh.ts';
import { addArea, addRoad, groundMesh } from './geometry/ground.ts';
import { LocalFrame, type Point2 } from './geometry/local-frame.ts';
import { MeshBuilder } from './geometry/mesh-builder.ts';
import { bounds, centroid, cleanRing, oriented, pointInRing, touchesCircle } from './geometry/polygon.ts';
import { minimumBoundingRectangle } from './geometry/roofs/build-roof.ts';
import { EXISTING_SOLAR_COLOUR } from './gltf/colours.ts';
import { buildingSurfaces } from './materials/building-surfaces.ts';
import { groundMaterial } from './materials/ground-materials.ts';
import { regionAt } from './materials/region.ts';
import { MATERIALS, type MaterialName } from './materials/surface-materials.ts';
import type { UvMapping } from './materials/uv-mapping.ts';
import { GlbWriter } from './gltf/glb-writer.ts';
import { initSkeleton } from './geometry/roofs/skeleton-roof.ts';
import { addTree } from './geometry/trees.ts';
import { loadFeatures } from './load-features.ts';
import { countRoofSources, decideRoofs, roofProvenanceExtras } from './roof-inference/roof-provenance.ts';
import { footprintExtras } from './roof-correction/footprint-extras.ts';
import { solarByBuilding } from './features/solar-placement.ts';
import { solarOnRoof } from './geometry/existing-solar.ts';
import { loadTerrain } from './load-terrain.ts';
import { gridTerrainSurface } from './terrain/terrain-surface.ts';
import type { GeneratedModel, ModelRequest, ProgressReport } from './model-generator.ts';

/** Spacing of the trees planted in woods, metres, and the most trees a model gets. */
const WOOD_SPACING_M = 12;
const MAX_TREES = 5000;
/** Grid spacing of the terrain surface, metres. */
const GROUND_STEP_M = 10;

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors (ODbL 1.0)';

interface PreparedBuilding {
  feature: BuildingFeature;
  outer: Point2[];
  inners: Point2[][];
}

/**
 * Builds the 3D model of a circle: buildings and parts from OpenStreetMap with their roofs (HD) or flat
 * tops (SD), seated on the terrain, trees and ground surfaces (HD), as a GLB with the metadata the
 * viewer needs. Reports progress as it goes.
 */
export async function generateModel(request: ModelRequest, onProgress: (report: ProgressReport) => void): Promise<GeneratedModel> {
  const started = Date.now();
  const hd = request.quality === 'hd';
  const radius = request.radiusKm * 1000;
  const frame = new LocalFrame(request.latitude, request.longitude);
  onProgress({ progress: 2, step: 'Reading OpenStreetMap data' });
  const { features, source } = await loadFeatures(request.sources, request.latitude, request.longitude, radius, (step) => onProgress({ progress: 5, step }));
  onProgress({ progress: 25, step: 'Reading terrain' });
  const { terrain, flatReason } = await loadTerrain(request.sources, request.latitude, request.longitude, radius);
  const originElevation = terrain.elevation(request.longitude, request.latitude) ?? 0;
  const heightAt = (x: number, y: number) => (terrain.elevation(...frame.toLonLat([x, y])) ?? originElevation) - originElevation;
  if (hd) await initSkeleton();

  const prepared = prepareBuildings(features.buildings, frame, radius);
  const outlines = prepared.filter((b) => b.feature.kind === 'building');
  const parts = prepared.filter((b) => b.feature.kind === 'part');
  const partCentres = parts.map((p) => centroid(p.outer));
  const writer = new GlbWriter(hd);
  const region = regionAt(request.latitude, request.longitude);
  const bases = new Map<PreparedBuilding, number>();
  for (const building of outlines) bases.set(building, Math.min(...building.outer.map(([x, y]) => heightAt(x, y))));
  let drawn = 0;
  let triangles = 0;
  const fallbacks: string[] = [];
  const roofs = decideRoofs(prepared.map((b) => ({ outer: b.outer, inners: b.inners, tags: b.feature.tags })), hd);
  const roofSources: string[] = [];
  const solar = hd ? solarByBuilding(features.solar, prepared.map((b) => b.outer), frame) : new Map();
  const total = prepared.length;
  prepared.forEach((building, index) => {
    if (index % 25 === 0) onProgress({ progress: 30 + Math.round((index / Math.max(total, 1)) * 55), step: `Building ${index + 1} of ${total} buildings` });
    const hasParts = building.feature.kind === 'building' && partCentres.some((c) => pointInRing(c, building.outer));
    if (hasParts) return; // Simple 3D Buildings: the outline is drawn by its parts.
    const owner = building.feature.kind === 'part' ? outlines.find((o) => pointInRing(centroid(building.outer), o.outer)) : building;
    const base = (owner && bases.get(owner)) ?? Math.min(...building.outer.map(([x, y]) => heightAt(x, y)));
    const roof = roofs[index];
    const heights = buildingHeights(roof.tags, minimumBoundingRectangle(building.outer).width);
    const mesh = buildBuildingMesh({ outer: building.outer, inners: building.inners }, heights, base, roof.tags, !hd);
    if (mesh.roofFallback) fallbacks.push(`${building.feature.osmId}: ${mesh.roofFallback}`);
    const surfaces = buildingSurfaces(mesh, heights, base, roof.tags, region, building.feature.osmId, hd, owner?.feature.tags);
    const pv = solar.has(index) ? solarOnRoof(mesh.roofFaces.flatMap((f) => f.segments), solar.get(index)!, minimumBoundingRectangle(building.outer).along, request.latitude >= 0 ? 180 : 0) : undefined;
    const node = writer.addNode(
      building.feature.osmId,
      [
        ...surfaces.walls,
        ...surfaces.roofs,
        ...(pv ? [{ mesh: pv.mesh, colour: EXISTING_SOLAR_COLOUR, extras: { surface: 'existing-solar' } }] : []),
      ],
      {
        osmId: building.feature.osmId,
        type: building.feature.tags.building ?? building.feature.tags['building:part'] ?? 'yes',
        part: building.feature.kind === 'part',
        height: round(mesh.top),
        minHeight: round(heights.minHeight),
        base: round(base),
        roofShape: mesh.roofShape,
        ...(heights.roofShape !== mesh.roofShape && hd ? { taggedRoofShape: heights.roofShape } : {}),
        guessed: [...heights.guessed, ...(roof.roofInferred ?? [])],
        materials: surfaces.materials,
        ...roofProvenanceExtras(roof),
        ...(hd ? footprintExtras(building.outer, building.inners, heights.wallTop) : {}),
        ...(pv?.installations.length ? { existingSolar: pv.installations } : {}),
      },
    );
    if (node) {
      drawn += 1;
      roofSources.push(roof.roofSource);
      triangles += mesh.walls.triangleCount + mesh.roofFaces.reduce((sum, face) => sum + face.mesh.triangleCount, 0);
    }
  });

  onProgress({ progress: 86, step: hd ? 'Adding trees and ground' : 'Adding ground' });
  const ground = groundMesh(gridTerrainSurface(radius + 20, GROUND_STEP_M, hd ? heightAt : () => 0));
  writer.addNode('ground', [{ mesh: ground, material: { material: groundMaterial('ground') }, uv: { kind: 'ground', tile: 6 }, smooth: true }], { surface: 'ground' });
  triangles += ground.triangleCount;
  let treeCount = 0;
  if (hd) {
    const trunks = new MeshBuilder();
    const crowns = new MeshBuilder();
    for (const tree of features.trees) {
      const [x, y] = frame.toLocal(tree.lon, tree.lat);
      if (Math.hypot(x, y) > radius) continue;
      addTree(trunks, crowns, x, y, heightAt(x, y), tree.tags);
      treeCount += 1;
    }
    // Woods: one tree every WOOD_SPACING_M metres on a grid, inside the wood and the circle.
    for (const wood of features.ground.filter((g) => g.wooded)) {
      const ring = wood.points.map(([lon, lat]) => frame.toLocal(lon, lat));
      for (const [x, y] of gridInside(ring, WOOD_SPACING_M, radius)) {
        if (treeCount >= MAX_TREES) break;
        addTree(trunks, crowns, x, y, heightAt(x, y), {});
        treeCount += 1;
      }
    }
    writer.addNode('trees', [{ mesh: trunks, material: { material: 'bark' } }, { mesh: crowns, material: { material: 'foliage' } }], { surface: 'trees', count: treeCount });
    const surfaces = { water: new MeshBuilder(), green: new MeshBuilder(), road: new MeshBuilder() };
    for (const area of features.ground) {
      const points = area.points.map(([lon, lat]) => frame.toLocal(lon, lat));
      if (!points.some(([x, y]) => Math.hypot(x, y) < radius + 50)) continue;
      if (area.kind === 'road') addRoad(surfaces.road, points, area.width ?? 5, heightAt, 0.08);
      else addArea(surfaces[area.kind], points, heightAt, area.kind === 'water' ? 0.04 : 0.06);
    }
    for (const kind of ['water', 'green', 'road'] as const) writer.addNode(kind, [{ mesh: surfaces[kind], material: { material: groundMaterial(kind) }, uv: groundUv(groundMaterial(kind)) }], { surface: kind });
    triangles += treeCount * 24;
  }

  onProgress({ progress: 92, step: 'Writing the GLB file' });
  writer.setAssetExtras({
    origin: { latitude: request.latitude, longitude: request.longitude, elevation: round(originElevation) },
    radiusKm: request.radiusKm,
    quality: request.quality,
    axes: 'Y up, metres, origin at the requested point on the ground, +X east, -Z north',
    sources: { osm: source, terrain: terrain.name, ...(flatReason ? { terrainFlat: flatReason } : {}) },
    attribution: OSM_ATTRIBUTION,
    generatedAt: new Date().toISOString(),
    buildings: drawn,
    trees: treeCount,
    roofFallbacks: fallbacks.slice(0, 50),
    roofSources: countRoofSources(roofSources),
  });
  const glb = await writer.write(true);
  onProgress({ progress: 98, step: 'Done' });
  return {
    glb,
    summary: { buildings: drawn, trees: treeCount, triangles, bytes: glb.byteLength, ms: Date.now() - started, roofFallbacks: fallbacks.length, ...(fallbacks.length ? { firstRoofFallback: fallbacks[0] } : {}) },
  };
}

/** Projects footprints, drops those outside the circle, and cleans and orients their rings. */
function prepareBuildings(buildings: BuildingFeature[], frame: LocalFrame, radius: number): PreparedBuilding[] {
  const out: PreparedBuilding[] = [];
  for (const feature of buildings) {
    const outer = cleanRing(feature.outer.map(([lon, lat]) => frame.toLocal(lon, lat)));
    if (outer.length < 3 || !touchesCircle(outer, radius)) continue;
    const inners = feature.inners.map((ring) => cleanRing(ring.map(([lon, lat]) => frame.toLocal(lon, lat)))).filter((ring) => ring.length >= 3);
    out.push({ feature, outer: oriented(outer, true), inners: inners.map((ring) => oriented(ring, false)) });
  }
  return out;
}

/** Grid points every `spacing` metres inside a ring and within `radius` of the origin. */
function gridInside(ring: Point2[], spacing: number, radius: number): Point2[] {
  const box = bounds(ring);
  const points: Point2[] = [];
  for (let x = Math.ceil(Math.max(box.minX, -radius) / spacing) * spacing; x <= Math.min(box.maxX, radius); x += spacing) {
    for (let y = Math.ceil(Math.max(box.minY, -radius) / spacing) * spacing; y <= Math.min(box.maxY, radius); y += spacing) {
      if (Math.hypot(x, y) <= radius && pointInRing([x, y], ring)) points.push([x, y]);
    }
  }
  return points;
}

/** Planar texture coordinates at the ground material's own repeat. */
function groundUv(material: MaterialName): UvMapping {
  return { kind: 'ground', tile: MATERIALS[material].tile ?? 4 };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
