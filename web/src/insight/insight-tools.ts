import './insight.css';
import { Box3, InstancedMesh, Raycaster, Vector3, type Intersection, type Object3D } from 'three';
import { LocalFrame } from '../../../src/modelgen/browser.ts';
import type { Site } from '../viewer/daylight.ts';
import type { SunMoment } from '../viewer/time-controls.ts';
import type { Viewer } from '../viewer/viewer.ts';
import type { WizardController } from '../wizard/wizard-controller.ts';
import { element } from './dom.ts';
import { HeatmapView } from './heatmap-view.ts';
import { INSIGHT_TEXT } from './insight-text.ts';
import { MeasureTool } from './measure-tool.ts';
import { listenForModelClicks } from './model-clicks.ts';
import { PanelInfo } from './panel-info.ts';
import { SunPath } from './sun-path.ts';
import { controlMargins } from '../viewer/view-insets.ts';

const ICONS = {
  sunPath: '<path d="M3 18a9 9 0 0 1 18 0" fill="none" stroke="currentColor" stroke-width="1.8" stroke-dasharray="2.5 2"/><circle cx="16.5" cy="10.5" r="2.6" fill="currentColor"/><path d="M2 18h20" stroke="currentColor" stroke-width="1.8"/>',
  heatmap: '<rect x="3" y="3" width="8" height="8" rx="1" fill="currentColor" opacity=".35"/><rect x="13" y="3" width="8" height="8" rx="1" fill="currentColor"/><rect x="3" y="13" width="8" height="8" rx="1" fill="currentColor" opacity=".7"/><rect x="13" y="13" width="8" height="8" rx="1" fill="currentColor" opacity=".5"/>',
  measure: '<path d="M3 16 16 3l5 5L8 21z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/><path d="M7 12l2 2M10 9l2 2M13 6l2 2" stroke="currentColor" stroke-width="1.6"/>',
};

/**
 * The insight tools of the toolbar: the sun path, the sunlight heatmap and the measurement tool, and
 * the figures of a tapped panel. Each has its own module; this wires them to the view, the time
 * controls and the wizard.
 */
export class InsightTools {
  readonly #viewer: Viewer;
  #site: Site;
  readonly #buttons: Record<'sunPath' | 'heatmap' | 'measure', HTMLButtonElement>;
  readonly #heatmap: HeatmapView;
  readonly #measure: MeasureTool;
  readonly #panels: PanelInfo;
  #sunPath: SunPath | undefined;
  /** The sun path's radius, metres, as fitted when it was placed. */
  #sunRadius = 100;
  #moment: SunMoment | undefined;
  #picked: Vector3 | undefined;

  constructor(document: Document, viewer: Viewer, site: Site) {
    this.#viewer = viewer;
    this.#site = site;
    // After the view's own buttons (compass, wizard, fullscreen), which keep their places.
    const toolbar = document.getElementById('toolbar')!;
    const button = (id: string, label: string, icon: string) => {
      const node = element(document, 'button', { id, type: 'button', title: label, 'aria-label': label, 'aria-pressed': 'false', hidden: '' }) as HTMLButtonElement;
      node.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${icon}</svg>`;
      toolbar.append(node);
      return node;
    };
    this.#buttons = {
      sunPath: button('sun-path-toggle', INSIGHT_TEXT.sunPathButton, ICONS.sunPath),
      heatmap: button('heatmap-toggle', INSIGHT_TEXT.heatmapButton, ICONS.heatmap),
      measure: button('measure-toggle', INSIGHT_TEXT.measureButton, ICONS.measure),
    };
    this.#heatmap = new HeatmapView(document, viewer, site);
    this.#measure = new MeasureTool(document, () => viewer.requestRender());
    this.#panels = new PanelInfo(document);
    const card = element(document, 'div', { id: 'insight-card' });
    card.append(this.#panels.section, this.#measure.section, this.#heatmap.section);
    document.getElementById('app')!.append(card);
    viewer.scene.add(this.#measure.group);
    this.#buttons.sunPath.addEventListener('click', () => this.toggleSunPath());
    // The heatmap asks for its own frames: drawn over the last frame, a whole frame only when it goes.
    this.#buttons.heatmap.addEventListener('click', () => this.#toggle('heatmap', this.#heatmap, false));
    this.#buttons.measure.addEventListener('click', () => this.#toggle('measure', this.#measure));
    this.#listenForMeasureKeys(document);
    listenForModelClicks(viewer, () => this.#pickTargets(), ({ hit, claim }) => {
      if (this.#measure.active) {
        claim();
        if (hit) this.#measureAt(hit);
      } else if (this.#panels.pick(hit)) {
        claim();
      } else if (this.#sunPath && hit && !(hit.object instanceof InstancedMesh)) {
        this.#picked = hit.point.clone();
        this.#fitSunPath();
        this.#drawSunPath();
      }
    });
  }

  /** A measuring point picked on the model. */
  #measureAt(hit: Intersection): void {
    const viewer = this.#viewer;
    const distance = viewer.camera.position.distanceTo(viewer.controls.target);
    // The building table (roof faces) of the model on screen is decoded after its first frame.
    void (viewer.buildings ?? Promise.resolve(undefined)).then((buildings) => {
      this.#measure.pick(hit, distance, buildings);
      viewer.requestRender();
    });
  }

  /**
   * Measuring by keyboard, on the focused 3D view: a cross marks the middle of the view (where the
   * camera aims, moved with the arrow keys), Enter picks the point under it, Escape clears the
   * measurement (before it would close the wizard).
   */
  #listenForMeasureKeys(document: Document): void {
    const viewer = this.#viewer;
    const stage = document.getElementById('stage')!;
    const cross = element(document, 'div', { id: 'measure-crosshair', hidden: '' });
    stage.append(cross);
    const place = () => {
      const shown = this.#measure.active && document.activeElement === stage;
      cross.hidden = !shown;
      if (!shown) return;
      const { x, y } = viewer.controls.target.clone().project(viewer.camera);
      cross.style.left = `${((x + 1) / 2) * stage.clientWidth}px`;
      cross.style.top = `${((1 - y) / 2) * stage.clientHeight}px`;
    };
    viewer.onRender(place);
    stage.addEventListener('focus', place);
    stage.addEventListener('blur', place);
    this.#buttons.measure.addEventListener('click', place);
    stage.addEventListener('keydown', (event) => {
      if (!this.#measure.active || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        const target = viewer.controls.target;
        const ray = new Raycaster(viewer.camera.position.clone(), target.clone().sub(viewer.camera.position).normalize());
        const hit = ray.intersectObjects(this.#pickTargets(), true)[0];
        if (hit) this.#measureAt(hit);
      } else if (event.key === 'Escape' && this.#measure.measuring) {
        event.preventDefault();
        this.#measure.clear();
        viewer.requestRender();
      }
    });
  }

  /** Shows the toolbar entries once the model is on screen, and follows the wizard's designs. */
  modelReady(wizard: WizardController | undefined): void {
    for (const button of Object.values(this.#buttons)) button.hidden = false;
    this.#heatmap.prepareWhenIdle();
    wizard?.onDesign((designed) => this.#panels.setDesign(designed));
  }

  /**
   * The viewer moved to another place: the sun path is drawn again from there (its point picked on the
   * old model no longer exists). The time controls move the sun themselves.
   */
  siteMoved(site: Site): void {
    this.#site = site;
    this.#picked = undefined;
    if (this.#sunPath) {
      this.#sunPath.dispose();
      this.#showSunPath();
    }
  }

  /** The time controls moved the sun. */
  sunMoved(moment: SunMoment): void {
    this.#moment = moment;
    if (this.#sunPath) this.#drawSunPath();
  }

  toggleSunPath(): void {
    if (this.#sunPath) {
      this.#sunPath.dispose();
      this.#sunPath = undefined;
    } else {
      this.#showSunPath();
    }
    this.#buttons.sunPath.setAttribute('aria-pressed', String(this.#sunPath !== undefined));
    this.#viewer.requestRender();
  }

  /** A new sun path for the current place, in the scene and drawn. */
  #showSunPath(): void {
    const site = this.#site;
    this.#sunPath = new SunPath({ latitude: site.latitude, longitude: site.longitude, timeZone: site.timeZone });
    this.#viewer.scene.add(this.#sunPath.group);
    this.#fitSunPath();
    this.#drawSunPath();
  }

  #toggle(name: 'heatmap' | 'measure', tool: { active: boolean; on(): void; off(): void }, draw = true): void {
    if (tool.active) tool.off();
    else tool.on();
    this.#buttons[name].setAttribute('aria-pressed', String(tool.active));
    if (draw) this.#viewer.requestRender();
  }

  #drawSunPath(): void {
    if (!this.#sunPath || !this.#moment) return;
    this.#sunPath.update(this.#picked ?? this.#marker(), this.#sunRadius, this.#moment.instant, this.#viewer.content);
    const app = document.getElementById('app')!;
    app.dataset.sunVisible = this.#sunPath.sunVisible === undefined ? 'night' : String(this.#sunPath.sunVisible);
    this.#buttons.sunPath.title = `${INSIGHT_TEXT.sunPathButton}${this.#sunPath.sunVisible === undefined ? '' : ` · ${this.#sunPath.sunVisible ? INSIGHT_TEXT.sunVisible : INSIGHT_TEXT.sunHidden}`}`;
    this.#viewer.requestRender();
  }

  /**
   * Sizes the sun path for the view as it is when the path is placed (turned on, moved to a picked
   * point): about half the camera's distance (within 25–250 m), made smaller until the day's whole arc is
   * drawn in the part of the view the controls leave free (the midday sun stood above the screen, and on
   * a phone most of the arc beside it), down to 40 % of it so its hours stay readable; a path still not
   * in sight then (its point at the view's edge) is brought into view. The clock moving the sun keeps
   * the size and the view.
   */
  #fitSunPath(): void {
    const viewer = this.#viewer;
    if (!this.#sunPath || !this.#moment) return;
    const centre = this.#picked ?? this.#marker();
    const first = Math.min(Math.max(viewer.camera.position.distanceTo(viewer.controls.target) * 0.45, 25), 250);
    const unit = this.#sunPath.dayOutline(this.#moment.instant);
    const margins = controlMargins(document);
    const outline = (radius: number) => unit.map((point) => point.clone().multiplyScalar(radius).add(centre));
    let radius = first;
    while (radius * 0.85 >= first * 0.4 && !viewer.showsPoints(outline(radius), margins)) radius *= 0.85;
    if (!viewer.showsPoints(outline(radius), margins)) viewer.bringIntoView(new Box3().setFromPoints(outline(radius)), margins);
    this.#sunRadius = radius;
  }

  /** The site's point on the model (the address the viewer was opened for). */
  #marker(): Vector3 {
    const origin = this.#viewer.info.origin ?? this.#site;
    const [east, north] = new LocalFrame(origin.latitude, origin.longitude).toLocal(this.#site.longitude, this.#site.latitude);
    return new Vector3(east, this.#viewer.heightAt(east, north) ?? 0, -north);
  }

  #pickTargets(): Object3D[] {
    const panels = this.#viewer.scene.getObjectByName('solar panels');
    return [panels, this.#viewer.content].filter((target): target is Object3D => target !== undefined);
  }
}
