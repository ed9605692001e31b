import { BufferAttribute, BufferGeometry, Mesh, MeshBasicMaterial, Vector3, type Camera, type Object3D } from 'three';
import type { StreetLabel } from '../../../src/modelgen/browser.ts';
import { labelUnits } from './label-units.ts';
import { CELL_PX, FONT_PX, type StreetLabelAtlas } from './street-label-atlas.ts';

/** Above the surface the label lies on, metres (roads are drawn a few centimetres above the ground). */
const LIFT_M = 0.06;
/** A text never fills more of its stretch than this: its ends stay on the stretch. */
const MOST_OF_PATH = 0.96;

/**
 * Texts lying on the ground along their paths (street names, house numbers), or standing on a wall (a
 * house number where there is no room before the house): letter quads from an atlas,
 * one geometry drawn twice, outlines first and letters over them. A text reads left to right on screen:
 * when the view turns round, its letters are laid again from the other end; a text longer than its
 * stretch (the model guessed its width without the typeface) is written smaller to fit. The meshes are
 * depth-tested (buildings in front hide them) and never picked.
 */
export class LabelLayer {
  readonly #labels: StreetLabel[];
  readonly #atlas: StreetLabelAtlas;
  /** The outlines, then the letters: one geometry, two textures. */
  readonly meshes: Mesh<BufferGeometry, MeshBasicMaterial>[];
  /** For each label, whether it is laid from its path's end (the view looks the other way). */
  #reversed: boolean[];

  constructor(labels: StreetLabel[], atlas: StreetLabelAtlas, name: string, camera: Camera) {
    this.#labels = labels;
    this.#atlas = atlas;
    const geometry = new BufferGeometry();
    this.meshes = [atlas.halo, atlas.fill].map((map, layer) => {
      const material = new MeshBasicMaterial({ map, transparent: true, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 });
      const mesh = new Mesh(geometry, material);
      mesh.name = layer === 0 ? `${name}-outlines` : name;
      mesh.raycast = () => undefined;
      mesh.frustumCulled = false;
      mesh.renderOrder = layer;
      return mesh;
    });
    this.#reversed = labels.map(() => false);
    this.lay(camera, true);
  }

  get count(): number {
    return this.#labels.length;
  }

  /** Shows or hides the layer; returns whether that changed. */
  show(visible: boolean): boolean {
    if (this.meshes[0].visible === visible) return false;
    for (const mesh of this.meshes) mesh.visible = visible;
    return true;
  }

  addTo(parent: Object3D): void {
    for (const mesh of this.meshes) parent.add(mesh);
  }

  dispose(): void {
    for (const mesh of this.meshes) {
      mesh.removeFromParent();
      mesh.material.dispose();
    }
    this.meshes[0].geometry.dispose();
  }

  /**
   * Lays the texts again where the view has turned so far that one would read backwards (all of them
   * when `always`).
   *
   * @returns whether anything changed
   */
  lay(camera: Camera, always: boolean): boolean {
    const right = new Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    // A number on a wall reads left to right from the street as it is laid; laid backwards its letters
    // would face into the wall, and one-sided, vanish.
    const reversed = this.#labels.map(({ path, upright }) => {
      const n = path.length;
      return !upright && (path[n - 3] - path[0]) * right.x + (path[n - 1] - path[2]) * right.z < 0;
    });
    if (!always && reversed.every((r, i) => r === this.#reversed[i])) return false;
    this.#reversed = reversed;
    const positions: number[] = [];
    const uvs: number[] = [];
    this.#labels.forEach((label, i) => this.#layLabel(label, reversed[i], positions, uvs));
    // A new geometry each time, the old one disposed: its buffers leave the GPU now, not when collected.
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
    geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
    geometry.setIndex(quadIndexes(positions.length / 12));
    const old = this.meshes[0].geometry;
    for (const mesh of this.meshes) mesh.geometry = geometry;
    old.dispose();
    return true;
  }

  /**
   * Adds a text's cells (letters, or words of scripts that join their letters): each centred on the path where it falls, along the path's
   * direction there, upright to the left of it; the padding of neighbouring cells overlaps.
   */
  #layLabel(label: StreetLabel, reversed: boolean, positions: number[], uvs: number[]): void {
    const path = new Path(label.path, reversed);
    const glyphs = labelUnits(label.name).map((unit) => this.#atlas.glyphs.get(unit)!);
    const advance = glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
    const scale = Math.min(label.size / FONT_PX, (path.length * MOST_OF_PATH) / advance);
    let along = (path.length - advance * scale) / 2;
    const half = (CELL_PX / 2) * scale;
    // The ground's rise toward the letters' tops: read from the other end, the tops are on the other side.
    const rise = label.upright ? 0 : half * (label.tilt ?? 0) * (reversed ? -1 : 1);
    const lift = label.upright ? 0 : LIFT_M;
    for (const glyph of glyphs) {
      const width = glyph.cell * scale;
      const { point, direction } = path.at(along + (glyph.advance * scale) / 2);
      // Up the letter: straight up on a wall; on the ground, to the left of the way the text runs, seen from above.
      const up = label.upright ? new Vector3(0, 1, 0) : new Vector3(direction.z, 0, -direction.x).normalize();
      const [a, b] = [point.clone().addScaledVector(direction, -width / 2), point.clone().addScaledVector(direction, width / 2)];
      const corners = [a.clone().addScaledVector(up, -half), b.clone().addScaledVector(up, -half), b.clone().addScaledVector(up, half), a.clone().addScaledVector(up, half)];
      corners.forEach((corner, k) => positions.push(corner.x, corner.y + lift + (k < 2 ? -rise : rise), corner.z));
      uvs.push(glyph.u0, glyph.v0, glyph.u1, glyph.v0, glyph.u1, glyph.v1, glyph.u0, glyph.v1);
      along += glyph.advance * scale;
    }
  }
}

/** A label's path as a polyline to walk along, from either end. */
class Path {
  readonly #points: Vector3[];
  readonly #distances: number[] = [0];

  constructor(flat: number[], reversed: boolean) {
    const points: Vector3[] = [];
    for (let i = 0; i < flat.length; i += 3) points.push(new Vector3(flat[i], flat[i + 1], flat[i + 2]));
    this.#points = reversed ? points.reverse() : points;
    for (let i = 1; i < this.#points.length; i++) this.#distances.push(this.#distances[i - 1] + this.#points[i].distanceTo(this.#points[i - 1]));
  }

  get length(): number {
    return this.#distances[this.#distances.length - 1];
  }

  /** The point `distance` along the path and the path's direction there. */
  at(distance: number): { point: Vector3; direction: Vector3 } {
    let i = 1;
    while (i < this.#points.length - 1 && this.#distances[i] < distance) i++;
    const [a, b] = [this.#points[i - 1], this.#points[i]];
    const span = this.#distances[i] - this.#distances[i - 1] || 1;
    const t = Math.min(1, Math.max(0, (distance - this.#distances[i - 1]) / span));
    return { point: a.clone().lerp(b, t), direction: b.clone().sub(a).normalize() };
  }
}

/** Indexes of `quads` quads of four corners each, two triangles a quad. */
function quadIndexes(quads: number): BufferAttribute {
  const indexes = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) indexes.set([4 * q, 4 * q + 1, 4 * q + 2, 4 * q, 4 * q + 2, 4 * q + 3], 6 * q);
  return new BufferAttribute(indexes, 1);
}
