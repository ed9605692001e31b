import type { Object3D } from 'three';
import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL, existingSolarOf, keepExistingSolarFree, layoutRoof, type ExistingSolar, type PlacedPanel } from '../../../src/solar-design/index.ts';
import type { Notice } from '../viewer/notice.ts';
import type { Viewer } from '../viewer/viewer.ts';
import { formats, t } from '../viewer/language.ts';
import { designSystem, type Design } from './design.ts';
import { DEFAULT_ECONOMICS } from './economics.ts';
import { faceYield } from './face-yield.ts';
import type { PanelMeshes } from './panel-meshes.ts';
import type { PickedRoof } from './roof-picker.ts';
import { ShadingClient } from './shading-client.ts';
import type { WizardChoices, WizardForm } from './wizard-form.ts';
import type { WizardView } from './wizard-view.ts';

/** A finished design with the panels it was chosen from (index i of each list is candidate i). */
export interface DesignedPanels {
  design: Design;
  candidates: PlacedPanel[];
  /** Yearly shading loss of each candidate, 0–1. */
  losses: number[];
}

/**
 * Designs a system on the picked roof: lays panels out on its faces, traces their shading in a worker,
 * asks the service for the yield and lets the goal choose the panels. The form's layout fields lay the
 * panels out again, its other fields design again.
 */
export class RoofDesigner {
  /** The roof designed on (with the visitor's correction, when they made one). */
  roof: PickedRoof | undefined;
  readonly #viewer: Viewer;
  readonly #settings: ViewerSettings;
  readonly #notice: Notice;
  /** The notice that yields come from the page's own model has been shown. */
  #fallbackNoticed = false;
  readonly #view: WizardView;
  readonly #form: WizardForm;
  readonly #meshes: PanelMeshes;
  #shading: ShadingClient | undefined;
  #choices: WizardChoices;
  #candidates: PlacedPanel[] = [];
  #losses: number[] = [];
  #design: Design | undefined;
  /** The roof (as it was drawn) the design was made on. */
  #designRoof: PickedRoof | undefined;
  /** The latest layout or design under way. */
  #work: Promise<void> = Promise.resolve();
  /** Bumped by every new request, so an answer to an older one is ignored. */
  #generation = 0;
  readonly #designListeners = new Set<(designed: DesignedPanels | undefined) => void>();

  constructor(viewer: Viewer, settings: ViewerSettings, notice: Notice, view: WizardView, form: WizardForm, meshes: PanelMeshes) {
    this.#viewer = viewer;
    this.#settings = settings;
    this.#notice = notice;
    this.#view = view;
    this.#form = form;
    this.#meshes = meshes;
    this.#choices = {
      goal: settings.wizard?.goal ?? 'maximize_energy',
      monthlyKwh: settings.wizard?.monthlyKwh,
      panel: { ...DEFAULT_PANEL },
      setback: DEFAULT_LAYOUT.setback,
      economics: { ...DEFAULT_ECONOMICS, ...settings.prices },
    };
    this.#form.fill(this.#choices);
    this.#form.listen(() => void this.layout(), () => void this.redesign());
  }

  /** The visitor's choices as last read from the form. */
  get choices(): WizardChoices {
    return this.#choices;
  }

  /**
   * The design of the roof now picked, or undefined before one is made: a design of the roof picked
   * before (kept on screen when the new one has no room, or its shading failed) is not this roof's.
   */
  get design(): Design | undefined {
    return this.#designRoof === this.roof ? this.#design : undefined;
  }

  /** Called with every finished design, and with undefined when the panels are removed. */
  onDesign(listener: (designed: DesignedPanels | undefined) => void): () => void {
    this.#designListeners.add(listener);
    return () => this.#designListeners.delete(listener);
  }

  /** Starts the shading worker on the model's scene ahead of the first roof. */
  prepareShading(content: Object3D): void {
    this.#shading ??= new ShadingClient();
    this.#shading.prepare(content);
  }

  /** The model's scene changed (a roof redrawn): the worker takes it again. */
  reshade(content: Object3D): void {
    this.#shading?.invalidate();
    this.#shading?.prepare(content);
  }

  /** Removes the roof, its panels and its design; answers still on their way are ignored. */
  clear(): void {
    this.#generation++;
    this.roof = undefined;
    this.#candidates = [];
    this.#design = undefined;
    this.#meshes.clear();
    for (const listener of this.#designListeners) listener(undefined);
  }

  /** Lays panels out on the roof, traces their shading and designs the system. */
  layout(): Promise<void> {
    return this.track(this.#layout());
  }

  /** Asks for the yield of the laid-out panels and lets the goal choose among them. */
  redesign(): Promise<void> {
    return this.track(this.#redesign());
  }

  /**
   * Resolves once the latest layout or design asked for is finished (or has failed): what a report or a
   * quote takes then is the design of the choices on screen, not the one before a field was changed.
   */
  async settled(): Promise<void> {
    let work: Promise<void>;
    do {
      work = this.#work;
      await work.catch(() => undefined);
    } while (work !== this.#work);
  }

  /** Counts `work` (a layout, a design, a roof being redrawn) as the latest under way, for {@link settled}. */
  track(work: Promise<void>): Promise<void> {
    this.#work = work;
    return work;
  }

  async #layout(): Promise<void> {
    const roof = this.roof;
    if (!roof || !this.#viewer.content) return;
    const generation = ++this.#generation;
    this.#choices = this.#form.read(this.#choices);
    // PV already on the roof stays: new panels go around it.
    const existing = existingSolarOn(roof);
    this.#candidates = keepExistingSolarFree(layoutRoof(roof.segments, this.#settings.latitude, this.#choices.panel, { ...DEFAULT_LAYOUT, setback: this.#choices.setback }), existing);
    // The shading of the panels laid out before is not these panels': until it is traced, nothing is designed.
    this.#losses = [];
    this.#view.panel.dataset.existingSolar = String(existing.length);
    this.#meshes.show(this.#candidates);
    this.#viewer.requestRender();
    this.#view.panel.dataset.roof = roof.osmId;
    this.#view.panel.dataset.roofPieces = String(1 + roof.others.length);
    this.#view.panel.dataset.candidates = String(this.#candidates.length);
    this.#view.panel.dataset.panels = String(this.#candidates.length);
    if (this.#candidates.length === 0) {
      const f = formats();
      if (roof.segments.length > 0 && roof.segments.every((segment) => segment.curved)) return this.#view.state('empty', t('wizard.curvedRoof'));
      this.#view.state('empty', t('wizard.noRoom', { width: f.number(this.#choices.panel.width, 3), length: f.number(this.#choices.panel.length, 3), setback: f.number(this.#choices.setback, 2) }));
      return;
    }
    this.#view.state('working', t('wizard.tracing', { count: this.#candidates.length }));
    try {
      this.#shading ??= new ShadingClient();
      const losses = await this.#shading.shade(this.#viewer.content, this.#settings, this.#candidates, (done, total) => {
        if (generation === this.#generation) this.#view.progress((100 * done) / total, t('wizard.tracingProgress', { percent: formats().percent(done / total) }));
      });
      if (generation !== this.#generation) return;
      this.#losses = losses;
      this.#view.panel.dataset.shadingMs = String(Math.round(this.#shading.lastMilliseconds));
      await this.#redesign();
    } catch (error) {
      if (generation === this.#generation) this.#view.failed(error);
    }
  }

  async #redesign(): Promise<void> {
    if (!this.roof || this.#candidates.length === 0 || this.#losses.length !== this.#candidates.length) return;
    const roof = this.roof;
    const generation = ++this.#generation;
    this.#choices = this.#form.read(this.#choices);
    this.#view.state('working', t('wizard.asking'));
    try {
      const design = await designSystem({
        latitude: this.#settings.latitude,
        longitude: this.#settings.longitude,
        candidates: this.#candidates,
        losses: this.#losses,
        panel: this.#choices.panel,
        goal: this.#choices.goal,
        monthlyKwh: this.#choices.monthlyKwh,
        economics: this.#choices.economics,
        yieldOf: (array) => faceYield(array),
      });
      if (generation !== this.#generation) return;
      this.#design = design;
      this.#designRoof = roof;
      const chosen = design.selection.chosen.map((i) => this.#candidates[i]);
      this.#meshes.show(chosen, design.selection.chosen.map((i) => design.relative[i]));
      this.#viewer.requestRender();
      this.#view.panel.dataset.panels = String(chosen.length);
      // The directions the chosen panels face, for pages and tests that check the design (e.g. "180,0").
      this.#view.panel.dataset.panelAzimuths = [...new Set(chosen.map((p) => Math.round(p.azimuthDeg)))].join(',');
      // Yield figures reach the page only for Pro (or a partner's embed): a data attribute is in the DOM too.
      if (this.#settings.wizardAccess === 'full') this.#view.panel.dataset.annualKwh = String(design.annualKwh);
      this.#view.show(design, this.#choices.goal === 'cover_bill' ? this.#choices.monthlyKwh : undefined);
      this.#view.done(this.#summary(design));
      for (const listener of this.#designListeners) listener({ design, candidates: this.#candidates, losses: this.#losses });
      // Said once over the view; the design's source line keeps saying it for each design after.
      if (design.fallback && !this.#fallbackNoticed) {
        this.#fallbackNoticed = true;
        this.#notice.show(t('wizard.fallbackNotice'));
      }
    } catch (error) {
      if (generation === this.#generation) this.#view.failed(error);
    }
  }

  #summary(design: Design): string {
    if (design.panelCount === 0) return t(this.#choices.goal === 'maximize_roi' ? 'wizard.noPayback' : 'wizard.noSun');
    const dropped = design.selection.weak.length > 0 ? ` ${t('wizard.weak', { count: design.selection.weak.length })}` : '';
    const existing = this.roof ? existingSolarOn(this.roof) : [];
    const kept = existing.length ? ` ${t('wizard.existingSolar', { count: existing.length })}` : '';
    return `${t('wizard.summary', { count: design.panelCount })}${dropped}${kept}`;
  }
}

/** The PV already mapped on a roof, on every piece of its building. */
function existingSolarOn(roof: PickedRoof): ExistingSolar[] {
  return [roof.node, ...roof.others].flatMap((piece) => existingSolarOf(piece.userData));
}
