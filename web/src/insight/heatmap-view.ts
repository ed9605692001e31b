import type { Object3D } from 'three';
import type { Viewer } from '../viewer/viewer.ts';
import { heatGradient } from './colour-scale.ts';
import { element } from './dom.ts';
import type { HeatmapCells } from './heatmap-cells.ts';
import { HeatmapClient, type HeatmapResult } from './heatmap-client.ts';
import { SiteClimate } from './heatmap-irradiation.ts';
import { HeatmapLayer, heatmapProbe } from './heatmap-layer.ts';
import { INSIGHT_TEXT } from './insight-text.ts';
import { nextTask, whenIdle } from '../viewer/yield.ts';

/** Repaints of a heatmap still being computed are at most this often (each uploads every cell's colour). */
const REPAINT_MS = 100;
/** The scale starts at this share of its top: shaded facades and the brightest roofs both stay readable. */
const SCALE_FLOOR = 0.3;

/**
 * The heatmap toggle: computes the model's heatmap (cached per model), draws it as it comes in, and
 * shows the legend in kWh/m² with a selector for the whole year or one month.
 */
export class HeatmapView {
  readonly section: HTMLElement;
  readonly #viewer: Viewer;
  readonly #site: { latitude: number; longitude: number };
  readonly #client = new HeatmapClient();
  readonly #layers = new WeakMap<Object3D, HeatmapLayer>();
  /** Made when the heatmap is first shown: decoding the climate table is no work for the page's start. */
  #climate: SiteClimate | undefined;
  /** The place `#climate` was made for. */
  #climateAt = '';
  readonly #period: HTMLSelectElement;
  readonly #ticks: HTMLElement[];
  readonly #unit: HTMLElement;
  readonly #status: HTMLElement;
  readonly #number: Intl.NumberFormat;
  readonly #seconds: Intl.NumberFormat;
  readonly #percent: Intl.NumberFormat;
  #shown: HeatmapLayer | undefined;
  #result: HeatmapResult | undefined;
  #repaint: ReturnType<typeof setTimeout> | undefined;
  #warm = false;
  readonly #prepared = new WeakMap<Object3D, Promise<void>>();
  /** Tops of the scale by place and period (each is 13 planes of the climate model). */
  readonly #scaleTops = new Map<string, number>();

  constructor(document: Document, viewer: Viewer, site: { latitude: number; longitude: number }) {
    this.#viewer = viewer;
    this.#site = site;
    const locale = document.documentElement.lang || undefined;
    this.#number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.#seconds = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.#percent = new Intl.NumberFormat(locale, { style: 'percent' });
    this.section = element(document, 'section', { id: 'heatmap-legend', hidden: '' });
    this.section.setAttribute('aria-label', INSIGHT_TEXT.heatmapTitle);
    const heading = element(document, 'h3', {}, INSIGHT_TEXT.heatmapTitle);
    this.#period = element(document, 'select', { id: 'heatmap-period', 'aria-label': INSIGHT_TEXT.heatmapPeriod }) as HTMLSelectElement;
    const months = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    this.#period.append(new Option(INSIGHT_TEXT.heatmapYear, 'year'), ...Array.from({ length: 12 }, (_, m) => new Option(months.format(Date.UTC(2025, m, 15)), String(m))));
    this.#period.addEventListener('change', () => this.#paint());
    heading.append(this.#period);
    const bar = element(document, 'div', { class: 'heat-bar' });
    bar.style.background = heatGradient();
    this.#ticks = [0, 1, 2].map(() => element(document, 'span'));
    const ticks = element(document, 'div', { class: 'heat-ticks' });
    ticks.append(...this.#ticks);
    this.#unit = element(document, 'p', { id: 'heatmap-unit' });
    this.#status = element(document, 'p', { id: 'heatmap-status', role: 'status' });
    const source = element(document, 'p', {}, INSIGHT_TEXT.heatmapSource);
    this.section.append(heading, bar, ticks, this.#unit, this.#status, source);
    this.#client.listen((result, indexes) => {
      if (result !== this.#result) return;
      if (result.cells && !this.#shown) this.#show(result);
      if (result.error) this.#status.textContent = INSIGHT_TEXT.heatmapFailed(result.error);
      if (result.complete || indexes === undefined) this.#paint();
      else this.#repaint ??= setTimeout(() => this.#paint(), REPAINT_MS);
    });
  }

  get active(): boolean {
    return !this.section.hidden;
  }

  /**
   * Makes the heatmap of the model on screen ready when the page is next idle, so that the toggle goes
   * straight to the workers: the shader compiled and first drawn, the scale's climate read, the scene
   * read for the workers (together about 0.2 s of the page's thread on a software renderer).
   */
  prepareWhenIdle(): void {
    const content = this.#viewer.content;
    if (content) whenIdle(() => void this.#prepare(content));
  }

  /** Shows the heatmap of the model on screen, computing it first if it is not known yet. */
  on(): void {
    const content = this.#viewer.content;
    if (!content) return;
    this.section.hidden = false;
    this.#viewer.streetLabels.hidden = true;
    void this.#open(content);
  }

  /**
   * Prepared, its workers started to lay the cells, and the cells' vertices sent to the GPU before the
   * tracing takes the workers' cores (a software renderer took 0.1–0.2 s over them amid the tracing),
   * then traced.
   */
  async #open(content: Object3D): Promise<void> {
    const open = () => !this.section.hidden && this.#viewer.content === content;
    await this.#prepare(content);
    const laid = await this.#client.prepare(content, this.#site);
    if (!open()) return;
    if (laid.error) {
      // Failed before tracing: said here (the listener hears only the result being shown); a later toggle tries again.
      this.#status.textContent = INSIGHT_TEXT.heatmapFailed(laid.error);
      return;
    }
    if (laid.cells && !this.#layers.has(content)) await this.#upload(this.#layerOf(content, laid.cells));
    if (open()) this.#start(content);
  }

  /** Sends `layer`'s vertices to the GPU now, in a task of its own, without drawing a cell (it is not shown yet). */
  async #upload(layer: HeatmapLayer): Promise<void> {
    await nextTask();
    layer.addTo(this.#viewer.scene);
    this.#viewer.uploadOver();
    layer.removeFromScene();
  }

  /** The preparation of `content`'s heatmap, begun now unless under way or done ({@link prepareWhenIdle}). */
  #prepare(content: Object3D): Promise<void> {
    let prepared = this.#prepared.get(content);
    if (!prepared) {
      prepared = this.#prepareSteps(content);
      this.#prepared.set(content, prepared);
    }
    return prepared;
  }

  /** Each step in a task of its own; the legend's `data-prepared` says when they are done. */
  async #prepareSteps(content: Object3D): Promise<void> {
    if (!this.#warm) {
      this.#warm = true;
      await this.#warmUp();
    }
    await nextTask();
    this.#scaleTop(undefined);
    await nextTask();
    this.#client.readScene(content);
    this.section.dataset.prepared = 'true';
  }

  /**
   * Compiles the heatmap's shader (in parallel, frames held), then draws one invisible cell over the view
   * with it: a software renderer builds its drawing code for the heatmap's state at its first draw
   * (about 0.1 s), a GPU uploads the program. Done later, with the workers on the cores, the first frame
   * of the heatmap would hold the page that much longer.
   */
  async #warmUp(): Promise<void> {
    const probe = heatmapProbe();
    await this.#viewer.compile(probe);
    this.#viewer.scene.add(probe);
    await new Promise<void>((resolve) => {
      const stop = this.#viewer.onRender(() => {
        stop();
        resolve();
      });
      this.#viewer.requestOver();
    });
    probe.removeFromParent();
  }

  #start(content: Object3D): void {
    const camera = this.#viewer.camera;
    camera.updateMatrixWorld();
    const viewProjection = camera.projectionMatrix.clone().multiply(camera.matrixWorldInverse).toArray();
    this.#result = this.#client.heatmap(content, this.#site, { camera: camera.position.toArray(), target: this.#viewer.controls.target.toArray(), viewProjection });
    if (this.#result.cells) this.#show(this.#result);
    this.#paint();
  }

  off(): void {
    this.section.hidden = true;
    this.#viewer.streetLabels.hidden = false;
    this.#shown?.removeFromScene();
    this.#shown = undefined;
    this.#viewer.requestRender();
  }

  #show(result: HeatmapResult): void {
    const content = this.#viewer.content;
    if (!content || !result.cells || this.section.hidden) return;
    const layer = this.#layerOf(content, result.cells);
    layer.addTo(this.#viewer.scene);
    this.#shown = layer;
  }

  /** The heatmap layer of `content`, made the first time. */
  #layerOf(content: Object3D, cells: HeatmapCells): HeatmapLayer {
    let layer = this.#layers.get(content);
    if (!layer) {
      const started = performance.now();
      layer = new HeatmapLayer(cells);
      layer.onMore = () => this.#viewer.requestOver();
      this.section.dataset.mainThreadMs = String(Math.max(Number(this.section.dataset.mainThreadMs ?? 0), Math.round(performance.now() - started)));
      this.#layers.set(content, layer);
    }
    return layer;
  }

  #paint(): void {
    const started = performance.now();
    this.#paintColours();
    // The heatmap's own main-thread work (the bench reports the longest): reading the scene, painting.
    const spent = Math.max(performance.now() - started, this.#client.sceneMilliseconds);
    this.section.dataset.mainThreadMs = String(Math.max(Number(this.section.dataset.mainThreadMs ?? 0), Math.round(spent)));
  }

  #paintColours(): void {
    clearTimeout(this.#repaint);
    this.#repaint = undefined;
    const result = this.#result;
    const month = this.#period.value === 'year' ? undefined : Number(this.#period.value);
    const high = this.#scaleTop(month);
    const low = high * SCALE_FLOOR;
    this.#ticks[0].textContent = `≤ ${this.#number.format(low)}`;
    this.#ticks[1].textContent = this.#number.format((low + high) / 2);
    this.#ticks[2].textContent = this.#number.format(high);
    this.#unit.textContent = month === undefined ? INSIGHT_TEXT.heatmapUnitYear : INSIGHT_TEXT.heatmapUnitMonth(this.#period.selectedOptions[0].text);
    Object.assign(this.section.dataset, { scaleTop: String(Math.round(high)), period: this.#period.value });
    if (!result?.cells || !this.#shown) return;
    const monthly = result.monthly;
    const changed = this.#shown.paint(month === undefined ? (cell) => sum12(monthly, cell * 12) : (cell) => monthly[cell * 12 + month], low, high);
    const share = result.computed / result.cells.count;
    this.section.dataset.state = result.complete ? 'done' : 'computing';
    this.section.dataset.cells = String(result.cells.count);
    this.section.dataset.computed = String(result.computed);
    if (result.complete) {
      this.section.dataset.milliseconds = String(Math.round(result.milliseconds));
      const seconds = this.#seconds.format(result.milliseconds / 1000);
      this.#status.textContent = this.#viewer.info.sources?.terrainFlat ? INSIGHT_TEXT.heatmapDoneFlat(seconds) : INSIGHT_TEXT.heatmapDone(seconds);
      if (performance.getEntriesByName('heatmap:complete').length === 0) performance.mark('heatmap:complete');
    } else {
      this.#status.textContent = INSIGHT_TEXT.heatmapProgress(this.#percent.format(share));
    }
    // Only the cells in a new colour are drawn, over the last frame: the rest of the view is unchanged.
    if (changed > 0) this.#viewer.requestOver();
  }

  /** Top of the scale: the period's irradiation of the site's best unshaded plane (tilted toward the equator). */
  #scaleTop(month: number | undefined): number {
    const place = `${this.#site.latitude},${this.#site.longitude}`;
    const key = `${place}:${month ?? 'year'}`;
    const known = this.#scaleTops.get(key);
    if (known !== undefined) return known;
    // Made again when the viewer moved to another place.
    if (!this.#climate || this.#climateAt !== place) [this.#climate, this.#climateAt] = [new SiteClimate(this.#site.latitude, this.#site.longitude), place];
    const toEquator = this.#site.latitude >= 0 ? 1 : -1;
    let best = 0;
    for (let tilt = 0; tilt <= 60; tilt += 5) {
      const radians = (tilt * Math.PI) / 180;
      const monthly = this.#climate.plane([0, Math.cos(radians), toEquator * Math.sin(radians)]);
      best = Math.max(best, month === undefined ? sum12(monthly, 0) : monthly[month]);
    }
    const step = month === undefined ? 50 : 10;
    const top = Math.ceil(best / step) * step;
    this.#scaleTops.set(key, top);
    return top;
  }
}

function sum12(values: ArrayLike<number>, from: number): number {
  let total = 0;
  for (let i = from; i < from + 12; i++) total += values[i];
  return total;
}
