import { BufferGeometry, Group, Line, LineBasicMaterial, LineLoop, Mesh, MeshBasicMaterial, SphereGeometry, Vector3, type Intersection } from 'three';
import { element, fillFigures } from './dom.ts';
import { facing, INSIGHT_TEXT } from './insight-text.ts';
import { roofFaceAt } from './roof-face-at.ts';
import type { ModelBuildings } from '../viewer/model-buildings.ts';

const COLOUR = 0x2563eb;

/**
 * The measurement tool: two picked points give their distance, its horizontal part and the height
 * between them; a picked roof face gives its area, pitch and direction (the GLB's own roof faces).
 * A third pick starts a new measurement; Clear (or Escape on the view) removes it. The keyboard picks
 * the point at the middle of the view with Enter (see InsightTools).
 */
export class MeasureTool {
  readonly section: HTMLElement;
  readonly group = new Group();
  readonly #figures: HTMLElement;
  readonly #hint: HTMLElement;
  readonly #number: Intl.NumberFormat;
  readonly #whole: Intl.NumberFormat;
  readonly #material = new MeshBasicMaterial({ color: COLOUR, depthTest: false, transparent: true });
  readonly #lineMaterial = new LineBasicMaterial({ color: COLOUR, depthTest: false, transparent: true });
  readonly #faceMaterial = new LineBasicMaterial({ color: 0xf97316, depthTest: false, transparent: true });
  readonly #dot = new SphereGeometry(1, 12, 8);
  readonly #clear: HTMLButtonElement;
  #points: Vector3[] = [];
  #rows: [string, string][] = [];

  /** @param cleared - called when the visitor clears the measurement (the view draws again) */
  constructor(document: Document, cleared: () => void) {
    const locale = document.documentElement.lang || undefined;
    this.#number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.#whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.section = element(document, 'section', { id: 'measure-card', hidden: '' });
    this.section.setAttribute('aria-label', INSIGHT_TEXT.measureTitle);
    this.#hint = element(document, 'p', { role: 'status' }, INSIGHT_TEXT.measureStart);
    this.#figures = element(document, 'dl', { id: 'measure-figures' });
    this.#clear = element(document, 'button', { id: 'measure-clear', type: 'button', class: 'card-action', hidden: '' }, INSIGHT_TEXT.measureClear) as HTMLButtonElement;
    this.#clear.addEventListener('click', () => {
      this.clear();
      cleared();
    });
    const keys = element(document, 'p', { class: 'card-keys' }, INSIGHT_TEXT.measureKeys);
    this.section.append(element(document, 'h3', { tabindex: '-1' }, INSIGHT_TEXT.measureTitle), this.#hint, this.#figures, this.#clear, keys);
    this.group.name = 'measurement';
    this.group.renderOrder = 11;
  }

  get active(): boolean {
    return !this.section.hidden;
  }

  /** Whether a point has been picked (there is a measurement to clear). */
  get measuring(): boolean {
    return this.#points.length > 0;
  }

  /** Removes the points and figures; the tool stays on. */
  clear(): void {
    this.#reset();
  }

  on(): void {
    this.section.hidden = false;
    this.#reset();
  }

  off(): void {
    this.section.hidden = true;
    this.#reset();
  }

  /** A pick on the model while the tool is on. */
  pick(hit: Intersection, cameraDistance: number, buildings: ModelBuildings | undefined): void {
    if (this.#points.length >= 2) this.#reset();
    this.#points.push(hit.point.clone());
    const dot = new Mesh(this.#dot, this.#material);
    dot.scale.setScalar(Math.max(cameraDistance * 0.006, 0.15));
    dot.position.copy(hit.point);
    this.group.add(dot);
    const m = (value: number) => `${this.#number.format(value)} m`;
    this.#rows = [];
    if (this.#points.length === 2) {
      const [a, b] = this.#points;
      this.group.add(new Line(new BufferGeometry().setFromPoints([a, b]), this.#lineMaterial));
      this.#rows.push([INSIGHT_TEXT.measureDistance, m(a.distanceTo(b))], [INSIGHT_TEXT.measureHorizontal, m(Math.hypot(b.x - a.x, b.z - a.z))], [INSIGHT_TEXT.measureHeight, m(Math.abs(b.y - a.y))]);
    }
    this.#hint.textContent = this.#points.length === 1 ? INSIGHT_TEXT.measureSecond : INSIGHT_TEXT.measureAgain;
    this.#clear.hidden = false;
    const face = roofFaceAt(hit, buildings);
    for (const old of this.group.children.filter((child) => child instanceof LineLoop)) {
      old.removeFromParent();
      (old as LineLoop).geometry.dispose();
    }
    if (face) {
      const area = this.#whole.format(face.area);
      // A flat face looks nowhere: its direction is the drawing's, not the roof's.
      const figures = Math.round(face.pitch) === 0 ? INSIGHT_TEXT.measureFlatFaceFigures(area) : INSIGHT_TEXT.measureFaceFigures(area, String(Math.round(face.pitch)), facing(face.azimuth));
      this.#rows.push([INSIGHT_TEXT.measureFace, figures]);
      this.group.add(new LineLoop(new BufferGeometry().setFromPoints(face.outline.map(([x, y, z]) => new Vector3(x, y + 0.08, z))), this.#faceMaterial));
      this.section.dataset.faceArea = face.area.toFixed(1);
    } else {
      this.#rows.push([INSIGHT_TEXT.measureFace, INSIGHT_TEXT.measureNoFace]);
      delete this.section.dataset.faceArea;
    }
    fillFigures(this.#figures, this.#rows);
    if (this.#points.length === 2) {
      const [a, b] = this.#points;
      Object.assign(this.section.dataset, { distance: a.distanceTo(b).toFixed(2), height: Math.abs(b.y - a.y).toFixed(2) });
    }
  }

  #reset(): void {
    for (const child of [...this.group.children]) {
      child.removeFromParent();
      if (child instanceof Line) child.geometry.dispose();
    }
    this.#points = [];
    this.#hint.textContent = INSIGHT_TEXT.measureStart;
    // A focused Clear button hiding itself would drop the focus to the page's start.
    if (this.#clear.ownerDocument.activeElement === this.#clear) this.section.querySelector<HTMLElement>('h3')?.focus();
    this.#clear.hidden = true;
    this.#figures.replaceChildren();
    for (const key of ['distance', 'height', 'faceArea']) delete this.section.dataset[key];
  }
}
