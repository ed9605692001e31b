import type { Camera, Object3D } from 'three';
import type { StreetLabel } from '../../../src/modelgen/browser.ts';
import { LabelLayer } from './label-layer.ts';
import { labelUnits } from './label-units.ts';
import { StreetLabelAtlas } from './street-label-atlas.ts';

/** House numbers are written only when the view's target is this close: from farther they are specks, metres. */
const NUMBERS_WITHIN_M = 170;

/**
 * What a map writes on the ground, so a visitor finds their street and house: street names on the roads
 * and house numbers in front of the houses ({@link LabelLayer}), from one atlas of the letters drawn by
 * the browser ({@link StreetLabelAtlas}: it knows the typefaces of every script). House numbers show only
 * from close by. Outside the model: picking, shading and the roof tools never see them.
 */
export class StreetLabels {
  readonly #parent: Object3D;
  #atlas: StreetLabelAtlas | undefined;
  #streets: LabelLayer | undefined;
  #numbers: LabelLayer | undefined;
  #hidden = false;
  #close = false;

  constructor(parent: Object3D) {
    this.#parent = parent;
  }

  /**
   * Hides the texts (or shows them again) without dropping them. The heatmap hides them: it is drawn
   * cell by cell over the last frame, and texts drawn over its cells in a whole frame would differ.
   */
  set hidden(hidden: boolean) {
    this.#hidden = hidden;
    this.#showLayers();
  }

  /** Street names on the roads now. */
  get count(): number {
    return this.#streets?.count ?? 0;
  }

  /** House numbers in front of the houses now (shown from close by). */
  get numbers(): number {
    return this.#numbers?.count ?? 0;
  }

  /**
   * Writes a model's street names and house numbers (replacing any earlier ones) as seen from `camera`,
   * `distance` metres from the view's target.
   */
  show(streets: StreetLabel[] | undefined, numbers: StreetLabel[] | undefined, camera: Camera, distance: number): void {
    this.clear();
    const usable = (labels: StreetLabel[] | undefined) => (labels ?? []).filter((label) => label.path.length >= 6 && label.name.length > 0);
    const [named, numbered] = [usable(streets), usable(numbers)];
    if (named.length + numbered.length === 0) return;
    this.#atlas = new StreetLabelAtlas(new Set([...named, ...numbered].flatMap((label) => labelUnits(label.name))));
    if (named.length > 0) this.#streets = new LabelLayer(named, this.#atlas, 'street-names', camera);
    if (numbered.length > 0) this.#numbers = new LabelLayer(numbered, this.#atlas, 'house-numbers', camera);
    this.#close = distance <= NUMBERS_WITHIN_M;
    this.#showLayers();
    this.#streets?.addTo(this.#parent);
    this.#numbers?.addTo(this.#parent);
  }

  /**
   * Follows the view: texts that would read backwards are laid from their other end, and house numbers
   * come and go with the distance to the target.
   *
   * @returns whether anything changed (a frame is needed)
   */
  follow(camera: Camera, distance: number): boolean {
    const close = distance <= NUMBERS_WITHIN_M;
    const shown = close !== this.#close;
    this.#close = close;
    if (shown) this.#showLayers();
    const turned = [this.#streets, this.#numbers].map((layer) => layer?.lay(camera, false) ?? false);
    return shown || turned.some(Boolean);
  }

  clear(): void {
    this.#streets?.dispose();
    this.#numbers?.dispose();
    this.#atlas?.dispose();
    [this.#streets, this.#numbers, this.#atlas] = [undefined, undefined, undefined];
  }

  #showLayers(): void {
    this.#streets?.show(!this.#hidden);
    this.#numbers?.show(!this.#hidden && this.#close);
  }
}
