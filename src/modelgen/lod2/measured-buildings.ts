import type { LocalFrame, Point2 } from '../geometry/local-frame.ts';
import { seatBuilding, type Pad } from '../geometry/seating.ts';
import { touchesCircle } from '../geometry/polygon.ts';
import { buildingSurfaces } from '../materials/building-surfaces.ts';
import type { GlbWriter } from '../gltf/glb-writer.ts';
import type { GeneratorSources } from '../model-generator.ts';
import type { TerrainSource } from '../terrain/terrain-source.ts';
import { CoverIndex, REPLACE_SHARE } from './footprint-overlap.ts';
import { loadLod2 } from './load-lod2.ts';
import { Lod2Ground } from './lod2-ground.ts';
import type { Lod2Building, Lod2Dataset } from './lod2-types.ts';
import { buildMeasuredMesh, measuredFootprint, type MeasuredFootprint } from './measured-mesh.ts';
import { roofShapeOfCode } from './roof-codes.ts';

/** A measured building inside the model's circle, with where it stands. */
interface Placed {
  building: Lod2Building;
  footprint: MeasuredFootprint;
}

/** What drawing the measured buildings added to the model. */
export interface MeasuredDrawn {
  drawn: number;
  triangles: number;
  /** `lod2:<dataset>` per drawn building, for `asset.extras.roofSources`. */
  roofSources: string[];
}

/**
 * The measured (LoD2) buildings of one model: read from the settings' sources, they replace the OSM
 * buildings they cover, set the ground where no terrain source covers the place, and are drawn with
 * their measured walls and roof faces. With no LoD2 source every method leaves the model as it was.
 */
export class MeasuredBuildings {
  readonly #placed: Placed[];
  readonly #datasets: Lod2Dataset[];
  readonly #failures: string[];
  readonly #covers: CoverIndex;
  readonly #frame: LocalFrame;
  /** Each placed building's base in the model (set by {@link seat}). */
  #bases: number[] | undefined;

  private constructor(placed: Placed[], datasets: Lod2Dataset[], failures: string[], frame: LocalFrame) {
    this.#placed = placed;
    this.#datasets = datasets;
    this.#failures = failures;
    this.#frame = frame;
    this.#covers = new CoverIndex(placed.map((p) => p.footprint.rings));
  }

  /** Whether no measured building touches the circle. */
  isEmpty(): boolean {
    return this.#placed.length === 0;
  }

  /** Reads the measured buildings that touch the circle of `radiusM` around the frame's origin. */
  static async load(sources: GeneratorSources, frame: LocalFrame, radiusM: number, note: (step: string) => void): Promise<MeasuredBuildings> {
    if (!sources.lod2Sources?.length) return new MeasuredBuildings([], [], [], frame);
    const { contents, failures } = await loadLod2(sources, frame.latitude, frame.longitude, radiusM, note);
    const placed: Placed[] = [];
    const datasets: Lod2Dataset[] = [];
    const seen = new Set<string>();
    for (const content of contents) {
      // Sources overlap (two folders of one state, a city's model inside a national one): the first one
      // named in the settings draws a building, later ones only where it has none.
      const earlier = new CoverIndex(placed.map((p) => p.footprint.rings));
      const inCircle = content.buildings
        .filter((building) => !seen.has(`${building.dataset}/${building.id}`))
        .map((building) => ({ building, footprint: measuredFootprint(building, frame) }))
        .filter((p) => p.footprint.rings.some((ring) => ring.length >= 3 && touchesCircle(ring, radiusM)))
        .filter((p) => placed.length === 0 || !p.footprint.rings.some((ring) => ring.length >= 3 && earlier.coveredShare(ring, []) >= REPLACE_SHARE));
      for (const p of inCircle) seen.add(`${p.building.dataset}/${p.building.id}`);
      if (inCircle.length > 0 && !datasets.some((d) => d.name === content.dataset.name)) datasets.push(content.dataset);
      placed.push(...inCircle);
    }
    return new MeasuredBuildings(placed, datasets, failures, frame);
  }

  /**
   * The terrain to build on: the terrain source's where it covers the place, else (switched off, failed,
   * or no data at the origin) the ground surfaces of the measured buildings.
   */
  groundUnder(loaded: { terrain: TerrainSource; flatReason?: string }): { terrain: TerrainSource; flatReason?: string } {
    const covered = !loaded.flatReason && loaded.terrain.elevation(this.#frame.longitude, this.#frame.latitude) !== undefined;
    if (covered || this.#placed.length === 0) return loaded;
    const samples = this.#placed.flatMap(({ building, footprint }) => groundSamples(building, footprint));
    const why = loaded.flatReason ?? `${loaded.terrain.name} has no data here`;
    return { terrain: new Lod2Ground(samples, this.#datasets.map((d) => d.name), why) };
  }

  /** The OSM buildings (and parts) that measured buildings do not replace: less than REPLACE_SHARE of their footprint covered. */
  withoutMeasured<T extends { outer: Point2[]; inners: Point2[][] }>(buildings: T[]): T[] {
    if (this.#placed.length === 0) return buildings;
    return buildings.filter((b) => this.#covers.coveredShare(b.outer, b.inners) < REPLACE_SHARE);
  }

  /**
   * Seats every measured building on the ground as OSM buildings with a known height are seated: on the
   * lowest ground along its outline. Returns the pads to cut into the ground mesh under them.
   */
  seat(heightAt: (x: number, y: number) => number): Pad[] {
    const rings = this.#placed.map((p) => p.footprint.rings.filter((ring) => ring.length >= 3));
    this.#bases = rings.map((list) => Math.min(...list.map((ring) => seatBuilding(ring, heightAt, false).groundLow)));
    return rings.flatMap((list, i) => list.map((outer) => ({ outer, base: this.#bases![i] })));
  }

  /**
   * Draws every measured building as `lod2/<dataset>/<id>` (building batches and table), standing on the terrain: its data
   * heights are shifted so its lowest ground point sits on its seat (see {@link seat}; unseated, the
   * lowest terrain point at its footprint's corners)
   * (the model's heights are relative to the terrain at the origin, so the shift aligns the data's
   * height datum with the terrain's and keeps every measured height difference).
   */
  draw(writer: GlbWriter, heightAt: (x: number, y: number) => number): MeasuredDrawn {
    const result: MeasuredDrawn = { drawn: 0, triangles: 0, roofSources: [] };
    for (const [index, { building, footprint }] of this.#placed.entries()) {
      const base = this.#bases?.[index] ?? Math.min(...footprint.rings.flat().map(([x, y]) => heightAt(x, y)));
      const mesh = buildMeasuredMesh(building, this.#frame, base - footprint.groundZ);
      const pitched = mesh.roofFaces.some((f) => f.segments[0].pitch >= 5);
      const name = `lod2/${building.dataset}/${building.id}`;
      // Measured buildings carry no material tags: dressed like an untagged building of their height and roof.
      const roofShape = pitched ? 'gabled' : 'flat';
      const heights = { minHeight: 0, wallTop: mesh.eaves - base, height: mesh.top - base, roofShape, heightTagged: true, guessed: [] };
      const surfaces = buildingSurfaces({ ...mesh, roofShape }, heights, base, { building: 'yes' }, 'central', name, true);
      const added = writer.addBuilding(
        name,
        [...surfaces.walls, ...surfaces.roofs],
        {
          buildingId: name,
          sourceId: building.id,
          type: 'building',
          part: false,
          height: round(mesh.top - base),
          minHeight: 0,
          base: round(base),
          eavesHeight: round(mesh.eaves - base),
          ridgeHeight: round(mesh.ridge - base),
          roofShape: roofShapeOfCode(building.roofType) ?? (pitched ? 'measured' : 'flat'),
          ...(building.roofType ? { roofType: building.roofType } : {}),
          guessed: [],
          roofSource: `lod2:${building.dataset}`,
        },
      );
      if (!added) continue;
      result.drawn += 1;
      result.roofSources.push(`lod2:${building.dataset}`);
      result.triangles += mesh.walls.triangleCount + mesh.roofFaces.reduce((sum, f) => sum + f.mesh.triangleCount, 0);
    }
    return result;
  }

  /** The model's `asset.extras.sources` entries for the measured buildings: datasets drawn, sources that failed. */
  sourceExtras(): Record<string, unknown> {
    return {
      ...(this.#datasets.length ? { lod2: this.#datasets.map((d) => ({ name: d.name, title: d.title ?? d.name, attribution: d.attribution, buildings: this.#placed.filter((p) => p.building.dataset === d.name).length })) } : {}),
      ...(this.#failures.length ? { lod2Unavailable: this.#failures } : {}),
    };
  }

  /** The model's attribution: OSM's and each drawn dataset's credit, `; `-separated (the viewer shows each). */
  attribution(osm: string): string {
    return [osm, ...this.#datasets.map((d) => d.attribution)].join('; ');
  }
}

/** Ground heights at a measured building's footprint corners. */
function groundSamples(building: Lod2Building, footprint: MeasuredFootprint): [number, number, number][] {
  const ground = building.polygons.filter((p) => p.kind === 'ground');
  if (ground.length > 0) return ground.flatMap((p) => p.outer.map(([lon, lat, z]): [number, number, number] => [lon, lat, z]));
  // No ground surface: the wall corners at the building's lowest level stand for it.
  const low = building.polygons.filter((p) => p.kind === 'wall').flatMap((p) => p.outer.filter((v) => v[2] <= footprint.groundZ + 0.3));
  return low.map(([lon, lat]): [number, number, number] => [lon, lat, footprint.groundZ]);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
