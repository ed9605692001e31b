import type { BuildingFeature } from './features/map-features.ts';
import { buildingHeights } from './geometry/building-heights.ts';
import { buildBuildingMesh } from './geometry/building-mesh.ts';
import { groundMesh } from './geometry/ground-mesh.ts';
import { seatBuildings, WALL_EMBED_M, wallFeet } from './geometry/seating.ts';
import { drawGroundFeatures } from './ground/draw-ground.ts';
import { seaLevelGround } from './ground/sea-level-ground.ts';
import { LocalFrame, type Point2 } from './geometry/local-frame.ts';
import { centroid, cleanRing, oriented, pointInRing, signedArea, touchesCircle } from './geometry/polygon.ts';
import { mergedCourtyards } from './geometry/outline-remainder.ts';
import { piecesToDraw, type DrawnPiece, type PreparedBuilding } from './building-pieces.ts';
import { RoofCover } from './geometry/roof-cover.ts';
import { minimumBoundingRectangle, roofSpan } from './geometry/roofs/roof-outline.ts';
import { buildingSurfaces } from './materials/building-surfaces.ts';
import { groundMaterial } from './materials/ground-materials.ts';
import { regionAt } from './materials/region.ts';
import { MATERIALS } from './materials/surface-materials.ts';
import { GlbWriter } from './gltf/glb-writer.ts';
import { initSkeleton } from './geometry/roofs/skeleton-roof.ts';
import { loadFeatures } from './load-features.ts';
import { countRoofSources, decideRoofs, roofProvenanceExtras } from './roof-inference/roof-provenance.ts';
import { footprintExtras } from './roof-correction/footprint-extras.ts';
import { solarByBuilding } from './features/solar-placement.ts';
import { solarOnRoof } from './geometry/existing-solar.ts';
import { loadTerrain } from './load-terrain.ts';
import { buildTerrainMesh } from './terrain/terrain-mesh.ts';
import type { TerrainSource } from './terrain/terrain-source.ts';
import { MeasuredBuildings } from './lod2/measured-buildings.ts';
import type { GeneratedModel, ModelRequest, ProgressReport } from './model-generator.ts';
import { buildingAddresses } from './ground/building-addresses.ts';
import { OUTSIDE_MAP_DATA, PermanentGenerationError } from './permanent-error.ts';
import { OSM_ATTRIBUTION } from './attribution.ts';

/**
 * Builds the 3D model of a circle: buildings and parts from OpenStreetMap (or measured LoD2) with their
 * roofs, seated on the terrain, the sea, and the ground features (HD: every mapped kind and the trees;
 * SD: the streets and the water), as a GLB with the metadata the viewer needs. Reports progress as it goes.
 */
export async function generateModel(request: ModelRequest, onProgress: (report: ProgressReport) => void): Promise<GeneratedModel> {
  const started = Date.now();
  const hd = request.quality === 'hd';
  const radius = request.radiusKm * 1000;
  const frame = new LocalFrame(request.latitude, request.longitude);
  onProgress({ progress: 2, step: 'Reading OpenStreetMap data' });
  const { features, source, outsideReason } = await loadFeatures(request.sources, request.latitude, request.longitude, radius);
  const measured = await MeasuredBuildings.load(request.sources, frame, radius, (step) => onProgress({ progress: 20, step }));
  // Outside the map data, a model is only made of measured buildings: empty ground would be taken for a
  // place where nobody has mapped a building.
  if (outsideReason && measured.isEmpty()) throw new PermanentGenerationError(outsideReason, OUTSIDE_MAP_DATA);
  onProgress({ progress: 25, step: 'Reading terrain' });
  const { terrain, flatReason } = measured.groundUnder(await loadTerrain(request.sources, request.latitude, request.longitude, radius));
  const originElevation = terrain.elevation(request.longitude, request.latitude) ?? 0;
  const elevationAt = (x: number, y: number) => (terrain.elevation(...frame.toLonLat([x, y])) ?? originElevation) - originElevation;
  // The ground is held to the drawn sea, so coarse elevation data does not lift it over the sea or stand quays on walls.
  // Flat ground (no terrain data) is drawn level at 0: the buildings stand on it, not on a shore held to the sea.
  const { ground: heightAt, underBuildings, closeTo } = flatReason ? { ground: elevationAt, underBuildings: elevationAt, closeTo: undefined } : seaLevelGround(features, frame, radius, -originElevation, elevationAt);
  await initSkeleton();

  const prepared = measured.withoutMeasured(prepareBuildings(features.buildings, frame, radius));
  const writer = new GlbWriter(hd);
  const region = regionAt(request.latitude, request.longitude);
  let drawn = 0;
  let triangles = 0;
  const fallbacks: string[] = [];
  const roofs = decideRoofs(prepared.map((b) => ({ outer: b.outer, inners: b.inners, tags: b.feature.tags })));
  // Buildings are seated first: their pads are cut into the ground the mesh is made from.
  const seating = seatBuildings(prepared.map((b, i) => ({ outer: b.outer, part: b.feature.kind === 'part', heightGuessed: buildingHeights(roofs[i].tags, 10).guessed.includes('height') })), underBuildings);
  const { surface, extras: groundExtras } = buildTerrainMesh({ heightAt, radius, quality: request.quality, flat: Boolean(flatReason), pads: [...seating.pads, ...measured.seat(heightAt)], closeTo });
  const roofSources: string[] = [];
  const solar = hd ? solarByBuilding(features.solar, prepared.map((b) => b.outer), frame) : new Map();
  const total = prepared.length;
  // Every piece first, as solids: a part standing on another's roof leaves no room for panels there.
  const pieces = prepared.flatMap((_, index) => piecesToDraw(index, prepared, seating.partsOf, roofs).map((piece, k) => ({ piece, index, first: k === 0 })));
  const heightsOf = pieces.map(({ piece }) => buildingHeights(piece.roof.tags, roofSpan(piece.building, piece.roof.tags)));
  const cover = new RoofCover(pieces.map(({ piece, index }, i) => {
    const base = seating.seats[index].base;
    return { id: piece.osmId, outer: piece.building.outer, bottom: base + heightsOf[i].minHeight, eaves: base + heightsOf[i].wallTop, top: base + heightsOf[i].height };
  }));
  const drawBuilding = ({ building, osmId, roof }: DrawnPiece, index: number, first: boolean, pieceNumber: number) => {
    const { base, seating: seated } = seating.seats[index];
    const heights = heightsOf[pieceNumber];
    let foot = base;
    const feet = wallFeet(surface, building.outer);
    const footAt = (a: Point2, b: Point2) => (foot = Math.min(foot, feet(a, b)));
    const built = buildBuildingMesh({ outer: building.outer, inners: building.inners }, heights, base, roof.tags, footAt);
    const mesh = { ...built, roofFaces: built.roofFaces.map((face) => ({ ...face, segments: cover.withOpenings(face.segments, pieceNumber) })) };
    if (mesh.roofFallback) fallbacks.push(`${osmId}: ${mesh.roofFallback}`);
    const wholeIndex = seating.wholeOf[index];
    const whole = wholeIndex === undefined ? undefined : prepared[wholeIndex];
    // A part takes its type and materials from the building outline it stands in, not from a podium part.
    const owner = whole?.feature.kind === 'building' ? whole : undefined;
    // The piece belongs to a building drawn in several: its parts, or an outline's rest drawn in pieces.
    const partOf = whole?.feature.osmId ?? (osmId !== building.feature.osmId ? building.feature.osmId : undefined);
    const surfaces = buildingSurfaces(mesh, heights, base, roof.tags, region, osmId, hd, owner?.feature.tags, Math.abs(signedArea(building.outer)));
    const pv = first && solar.has(index) ? solarOnRoof(mesh.roofFaces.flatMap((f) => f.segments), solar.get(index)!, minimumBoundingRectangle(building.outer).along, request.latitude >= 0 ? 180 : 0) : undefined;
    const added = writer.addBuilding(
      osmId,
      [
        ...surfaces.walls,
        ...surfaces.roofs,
        // Modules laid up the slope as on the roof they are on (HD only, as mapped PV is).
        ...(pv ? [{ mesh: pv.mesh, material: { material: 'solar_cells' as const }, uv: { kind: 'roof' as const, tile: MATERIALS.solar_cells.tile ?? 2 }, extras: { surface: 'existing-solar' } }] : []),
      ],
      {
        osmId,
        type: building.feature.tags.building ?? building.feature.tags['building:part'] ?? 'yes',
        part: building.feature.kind === 'part',
        ...(partOf ? { partOf } : {}),
        height: round(mesh.top),
        minHeight: round(heights.minHeight),
        base: round(base),
        seating: seated,
        ...(foot < base - WALL_EMBED_M - 0.01 ? { foot: round(foot) } : {}),
        roofShape: mesh.roofShape,
        ...(heights.roofShape !== mesh.roofShape ? { taggedRoofShape: heights.roofShape } : {}),
        guessed: [...heights.guessed, ...(roof.roofInferred ?? [])],
        materials: surfaces.materials,
        ...roofProvenanceExtras(roof),
        ...(hd ? footprintExtras(building.outer, building.inners, heights.wallTop) : {}),
        ...(pv?.installations.length ? { existingSolar: pv.installations } : {}),
      },
    );
    if (added) {
      drawn += 1;
      roofSources.push(roof.roofSource);
      triangles += mesh.walls.triangleCount + mesh.roofFaces.reduce((sum, face) => sum + face.mesh.triangleCount, 0);
    }
  };
  let reported = -1;
  pieces.forEach(({ piece, index, first }, pieceNumber) => {
    if (index % 25 === 0 && index !== reported) {
      reported = index;
      onProgress({ progress: 30 + Math.round((index / Math.max(total, 1)) * 55), step: `Building ${index + 1} of ${total} buildings` });
    }
    drawBuilding(piece, index, first, pieceNumber);
  });

  const lod2 = measured.draw(writer, heightAt);
  [drawn, triangles] = [drawn + lod2.drawn, triangles + lod2.triangles];
  roofSources.push(...lod2.roofSources);

  onProgress({ progress: 86, step: hd ? 'Adding trees and ground' : 'Adding ground' });
  const ground = groundMesh(surface.indexed());
  writer.addNode('ground', [{ mesh: ground, material: { material: groundMaterial('ground') }, uv: { kind: 'ground', tile: MATERIALS.ground.tile ?? 6 } }], { surface: 'ground' });
  triangles += ground.triangleCount;
  const footprints = prepared.filter((b) => b.feature.kind === 'building').map((b) => ({ id: b.feature.osmId, outer: b.outer, inners: b.inners, tags: b.feature.tags }));
  const points = features.addresses.map(({ osmId, lon, lat, number, street, ofPlace }) => ({ id: osmId, at: frame.toLocal(lon, lat), number, street, ofPlace }));
  const addresses = buildingAddresses(footprints, points);
  const groundDrawn = drawGroundFeatures(writer, { features, frame, surface, radius, seaLevel: -originElevation, footprints, addresses }, hd ? 'full' : 'streets-and-water');
  triangles += groundDrawn.triangles;
  const [treeCount, labels, numbers] = [groundDrawn.trees, groundDrawn.streetLabels, groundDrawn.houseNumbers];

  onProgress({ progress: 92, step: 'Writing the GLB file' });
  writer.setAssetExtras({
    origin: { latitude: request.latitude, longitude: request.longitude, elevation: round(originElevation) },
    radiusKm: request.radiusKm,
    quality: request.quality,
    axes: 'Y up, metres, origin at the requested point on the ground, +X east, -Z north',
    sources: { osm: source, terrain: terrain.name, ...(flatReason ? { terrainFlat: flatReason } : {}), ...measured.sourceExtras() },
    terrain: { source: terrain.name, ...terrainResolution(terrain, request), ...groundExtras, triangles: ground.triangleCount },
    attribution: measured.attribution(OSM_ATTRIBUTION),
    generatedAt: new Date().toISOString(),
    buildings: drawn,
    trees: treeCount,
    roofFallbacks: fallbacks.slice(0, 50),
    roofSources: countRoofSources(roofSources),
    ...(labels.length > 0 ? { streetLabels: labels } : {}),
    ...(numbers.length > 0 ? { houseNumbers: numbers } : {}),
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
    out.push({ feature, outer: oriented(outer, true), inners: mergedCourtyards(inners.map((ring) => oriented(ring, false))) });
  }
  return out;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The elevation data's sample spacing at the origin, metres, when it has samples. */
function terrainResolution(terrain: TerrainSource, request: ModelRequest): { dataResolutionM?: number } {
  const resolution = terrain.resolutionM?.(request.longitude, request.latitude);
  return resolution === undefined ? {} : { dataResolutionM: round(resolution) };
}

