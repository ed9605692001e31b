import { BufferAttribute, BufferGeometry, CanvasTexture, Mesh, MeshBasicMaterial, SRGBColorSpace, Vector3, type Camera, type Object3D } from 'three';
import type { StreetLabel } from '../../../src/modelgen/browser.ts';

/** Letters are drawn at this pixel size into the atlas; each glyph's cell is a little taller for the outline. */
const FONT_PX = 48;
const CELL_PX = 64;
const ATLAS_PX = 1024;
const FONT = `600 ${FONT_PX}px system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif`;
/** Above the road surface, metres (the road is drawn a few centimetres above the ground). */
const LIFT_M = 0.06;

interface Glyph {
  /** Advance, atlas pixels. */
  width: number;
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/**
 * Street names written on the roads, as a map does, so a visitor finds their street: one mesh of letter
 * quads lying on the road along its centre line, with an atlas of the letters drawn by the browser (it
 * knows the typefaces of every script). A name reads left to right on screen: when the view turns round,
 * the letters are laid again from the other end. The mesh is outside the model (picking, shading and
 * the roof tools never see it) and depth-tested, so buildings in front hide it.
 */
export class StreetLabels {
  readonly #parent: Object3D;
  #labels: StreetLabel[] = [];
  #glyphs = new Map<string, Glyph>();
  #mesh: Mesh<BufferGeometry, MeshBasicMaterial> | undefined;
  /** For each label, whether it is laid from its path's end (the view looks the other way). */
  #reversed: boolean[] = [];

  constructor(parent: Object3D) {
    this.#parent = parent;
  }

  #hidden = false;

  /**
   * Hides the names (or shows them again) without dropping them. The heatmap hides them: it is drawn
   * cell by cell over the last frame, and names drawn over its cells in a whole frame would differ.
   */
  set hidden(hidden: boolean) {
    this.#hidden = hidden;
    if (this.#mesh) this.#mesh.visible = !hidden;
  }

  /** Number of names on the roads now. */
  get count(): number {
    return this.#labels.length;
  }

  /** Writes a model's street names (replacing any earlier ones) as seen from `camera`. */
  show(labels: StreetLabel[] | undefined, camera: Camera): void {
    this.clear();
    this.#labels = (labels ?? []).filter((label) => label.path.length >= 6 && label.name.length > 0);
    if (this.#labels.length === 0) return;
    const texture = this.#drawAtlas(new Set(this.#labels.flatMap((label) => [...label.name])));
    const material = new MeshBasicMaterial({ map: texture, transparent: true, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 });
    this.#mesh = new Mesh(new BufferGeometry(), material);
    this.#mesh.name = 'street-labels';
    this.#mesh.raycast = () => undefined;
    this.#mesh.frustumCulled = false;
    this.#mesh.visible = !this.#hidden;
    this.#reversed = this.#labels.map(() => false);
    this.#lay(camera, true);
    this.#parent.add(this.#mesh);
  }

  /**
   * Lays the names again where the view has turned so far that one would read backwards.
   *
   * @returns whether anything changed (a frame is needed)
   */
  follow(camera: Camera): boolean {
    return this.#mesh ? this.#lay(camera, false) : false;
  }

  clear(): void {
    if (!this.#mesh) return;
    this.#mesh.removeFromParent();
    this.#mesh.geometry.dispose();
    this.#mesh.material.map?.dispose();
    this.#mesh.material.dispose();
    this.#mesh = undefined;
    this.#labels = [];
  }

  #lay(camera: Camera, always: boolean): boolean {
    const right = new Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const reversed = this.#labels.map(({ path }) => {
      const n = path.length;
      return (path[n - 3] - path[0]) * right.x + (path[n - 1] - path[2]) * right.z < 0;
    });
    if (!always && reversed.every((r, i) => r === this.#reversed[i])) return false;
    this.#reversed = reversed;
    const positions: number[] = [];
    const uvs: number[] = [];
    this.#labels.forEach((label, i) => this.#layLabel(label, reversed[i], positions, uvs));
    const geometry = this.#mesh!.geometry;
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
    geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
    geometry.setIndex(quadIndexes(positions.length / 12));
    return true;
  }

  /** Adds a label's letter quads: each letter centred on the path, along its direction there, upright to the left of it. */
  #layLabel(label: StreetLabel, reversed: boolean, positions: number[], uvs: number[]): void {
    const path = new Path(label.path, reversed);
    const scale = label.size / FONT_PX;
    const glyphs = [...label.name].map((char) => this.#glyphs.get(char)!);
    const textLength = glyphs.reduce((sum, glyph) => sum + glyph.width, 0) * scale;
    let along = (path.length - textLength) / 2;
    const half = (CELL_PX / 2) * scale;
    for (const glyph of glyphs) {
      const width = glyph.width * scale;
      const { point, direction } = path.at(along + width / 2);
      // Up the letter: to the left of the way the text runs, seen from above.
      const up = new Vector3(direction.z, 0, -direction.x).normalize();
      const [a, b] = [point.clone().addScaledVector(direction, -width / 2), point.clone().addScaledVector(direction, width / 2)];
      for (const corner of [a.clone().addScaledVector(up, -half), b.clone().addScaledVector(up, -half), b.clone().addScaledVector(up, half), a.clone().addScaledVector(up, half)]) {
        positions.push(corner.x, corner.y + LIFT_M, corner.z);
      }
      uvs.push(glyph.u0, glyph.v0, glyph.u1, glyph.v0, glyph.u1, glyph.v1, glyph.u0, glyph.v1);
      along += width;
    }
  }

  /** Draws every letter the names use into one texture: white with a dark outline, readable on any road. */
  #drawAtlas(chars: Set<string>): CanvasTexture {
    const canvas = document.createElement('canvas');
    canvas.width = ATLAS_PX;
    canvas.height = ATLAS_PX;
    const context = canvas.getContext('2d')!;
    context.font = FONT;
    context.textBaseline = 'middle';
    context.lineJoin = 'round';
    context.lineWidth = 8;
    context.strokeStyle = 'rgba(40, 40, 40, 0.9)';
    context.fillStyle = '#ffffff';
    let [x, y] = [0, 0];
    this.#glyphs = new Map();
    for (const char of chars) {
      const width = Math.ceil(context.measureText(char).width) + 2;
      const cell = width + 8;
      if (x + cell > ATLAS_PX) [x, y] = [0, y + CELL_PX];
      // Letters past the atlas's end (a model with thousands of scripts' letters) stay blank.
      if (y + CELL_PX <= ATLAS_PX) {
        context.strokeText(char, x + 4 + 1, y + CELL_PX / 2);
        context.fillText(char, x + 4 + 1, y + CELL_PX / 2);
      }
      this.#glyphs.set(char, { width, u0: (x + 4) / ATLAS_PX, u1: (x + 4 + width) / ATLAS_PX, v0: 1 - (y + CELL_PX) / ATLAS_PX, v1: 1 - y / ATLAS_PX });
      x += cell;
    }
    const texture = new CanvasTexture(canvas);
    texture.colorSpace = SRGBColorSpace;
    texture.anisotropy = 4;
    return texture;
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
