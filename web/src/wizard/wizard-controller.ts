import { Vector2 } from 'three';
import { LocalFrame } from '../../../src/modelgen/browser.ts';
import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import type { Notice } from '../viewer/notice.ts';
import type { Viewer } from '../viewer/viewer.ts';
import { designSystem, type Design } from './design.ts';
import { DEFAULT_ECONOMICS } from './economics.ts';
import { faceYield } from './face-yield.ts';
import { PanelMeshes } from './panel-meshes.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL, existingSolarOf, keepExistingSolarFree, layoutRoof, type PlacedPanel } from '../../../src/solar-design/index.ts';
import type { RoofCorrection } from '../../../src/modelgen/browser.ts';
import { RoofEditor } from './roof-editor.ts';
import { pickRoofAtPointer, pickRoofBelow, type PickedRoof } from './roof-picker.ts';
import { ShadingClient } from './shading-client.ts';
import { WizardForm, type WizardChoices } from './wizard-form.ts';
import { WizardView } from './wizard-view.ts';
import { reportDesign } from './report-design.ts';
import type { SiteReportDesign } from '../../../src/contract/report.ts';
import { formats, shapeName, t } from '../viewer/language.ts';

/** A click moves the pointer less than this (pixels); more is a drag of the view. */
const CLICK_SLOP = 6;

/** The system configuration a lead carries along (and tests read). */
export interface WizardConfiguration {
  roof: string;
  panels: number;
  kwp: number;
  annualKwh: number;
  goal: string;
  /** The visitor's correction of the roof the model had, when they made one. */
  roofCorrection?: RoofCorrection;
}

/** A finished design with the panels it was chosen from (index i of each list is candidate i). */
export interface DesignedPanels {
  design: Design;
  candidates: PlacedPanel[];
  /** Yearly shading loss of each candidate, 0–1. */
  losses: number[];
}

/**
 * The Solar Wizard: picks a roof (a click, or the agent's roof position), lays panels out on its faces,
 * traces their shading in a worker, asks the service for the yield and lets the goal choose the panels.
 */
export class WizardController {
  readonly #viewer: Viewer;
  readonly #settings: ViewerSettings;
  readonly #notice: Notice;
  readonly #view: WizardView;
  readonly #form: WizardForm;
  readonly #toggle: HTMLButtonElement;
  readonly #meshes: PanelMeshes;
  readonly #roofEditor: RoofEditor;
  #correction: RoofCorrection | undefined;
  #shading: ShadingClient | undefined;
  #choices: WizardChoices;
  #roof: PickedRoof | undefined;
  #candidates: PlacedPanel[] = [];
  #losses: number[] = [];
  #design: Design | undefined;
  /** The visitor's own building (under the requested point): opening the wizard starts on it. */
  #preferred: PickedRoof | undefined;
  /** Bumped by every new request, so an answer to an older one is ignored. */
  #generation = 0;
  readonly #designListeners = new Set<(designed: DesignedPanels | undefined) => void>();

  constructor(document: Document, viewer: Viewer, settings: ViewerSettings, notice: Notice) {
    this.#viewer = viewer;
    this.#settings = settings;
    this.#notice = notice;
    this.#view = new WizardView(document);
    this.#form = new WizardForm(document);
    this.#meshes = new PanelMeshes(viewer.scene);
    this.#roofEditor = new RoofEditor(document, (correction) => void this.correctRoof(correction));
    this.#toggle = document.getElementById('wizard-toggle') as HTMLButtonElement;
    this.#choices = {
      goal: settings.wizard?.goal ?? 'maximize_energy',
      monthlyKwh: settings.wizard?.monthlyKwh,
      panel: { ...DEFAULT_PANEL },
      setback: DEFAULT_LAYOUT.setback,
      economics: { ...DEFAULT_ECONOMICS },
    };
    this.#form.fill(this.#choices);
    this.#form.listen(() => void this.#relayout(), () => void this.#redesign());
    this.#view.panel.dataset.access = settings.wizardAccess;
    // In the preview the design is shown as it is made from the presets; changing it needs Pro.
    if (settings.wizardAccess === 'preview') {
      this.#form.disable();
      this.#roofEditor.disable();
    }
    document.getElementById('wizard-upgrade')!.hidden = settings.wizardAccess !== 'preview';
    const upgrade = document.getElementById('wizard-upgrade-link') as HTMLAnchorElement;
    if (settings.upgradeUrl?.startsWith('/')) upgrade.href = settings.upgradeUrl;
    if (settings.upgradeUrl === '/partner') upgrade.textContent = t('wizard.upgradePortal');
    this.#toggle.hidden = false;
    this.#toggle.addEventListener('click', () => this.toggle());
    document.getElementById('wizard-close')!.addEventListener('click', () => this.close());
    document.getElementById('wizard-start-over')!.addEventListener('click', () => this.startOver());
    document.addEventListener('keydown', (event) => {
      if ((event.key === 'p' || event.key === 'P') && !(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) && !event.ctrlKey && !event.metaKey && !event.altKey) this.toggle();
    });
    this.#listenForRoofClicks(viewer.renderer.domElement);
  }

  /** Opens the wizard; with an agent's roof position, places panels on that roof at once. */
  start(): void {
    const wizard = this.#settings.wizard;
    if (!wizard) return;
    this.open();
    if (wizard.roofLatitude === undefined || wizard.roofLongitude === undefined || !this.#viewer.content) return;
    const origin = this.#viewer.info.origin ?? this.#settings;
    const [east, north] = new LocalFrame(origin.latitude, origin.longitude).toLocal(wizard.roofLongitude, wizard.roofLatitude);
    const roof = pickRoofBelow(this.#viewer.content, east, north);
    if (roof) void this.selectRoof(roof);
    else this.#view.state('pick', t('wizard.noRoofAtPosition'));
  }

  /** The roof the wizard opens on when the visitor has not picked one (their building); undefined: none. */
  preferRoof(roof: PickedRoof | undefined): void {
    this.#preferred = roof;
  }

  toggle(): void {
    if (this.#view.panel.hidden) this.open();
    else this.close();
  }

  open(): void {
    this.#view.panel.hidden = false;
    if (this.#viewer.content) {
      this.#shading ??= new ShadingClient();
      this.#shading.prepare(this.#viewer.content);
    }
    this.#meshes.warmUp((after) => {
      const stop = this.#viewer.onRender(() => {
        stop();
        after();
      });
      this.#viewer.requestRender();
    });
    this.#toggle.setAttribute('aria-expanded', 'true');
    if (!this.#roof && this.#preferred && !this.#settings.wizard) void this.selectRoof(this.#preferred);
    else if (!this.#roof) this.#view.state('pick', t('wizard.pick'));
  }

  close(): void {
    this.#view.panel.hidden = true;
    this.#toggle.setAttribute('aria-expanded', 'false');
  }

  /** Removes the panels and lets the visitor pick a roof again. */
  startOver(): void {
    this.#generation++;
    this.#roof = undefined;
    this.#correction = undefined;
    this.#roofEditor.hide();
    this.#candidates = [];
    this.#design = undefined;
    this.#meshes.clear();
    for (const listener of this.#designListeners) listener(undefined);
    this.#viewer.requestRender();
    this.#view.panel.dataset.panels = '0';
    delete this.#view.panel.dataset.roof;
    this.#view.state('pick', t('wizard.removed'));
  }

  /** Called with every finished design, and with undefined when the panels are removed. */
  onDesign(listener: (designed: DesignedPanels | undefined) => void): () => void {
    this.#designListeners.add(listener);
    return () => this.#designListeners.delete(listener);
  }

  /** The current design for a lead, or undefined before one is made. */
  configuration(): WizardConfiguration | undefined {
    if (!this.#roof || !this.#design) return undefined;
    return {
      roof: this.#roof.osmId,
      panels: this.#design.panelCount,
      kwp: this.#design.kwp,
      annualKwh: this.#design.annualKwh,
      goal: this.#choices.goal,
      ...(this.#correction ? { roofCorrection: this.#correction } : {}),
    };
  }

  /** The current design as the site report shows it, or undefined before one is made. */
  reportDesign(): SiteReportDesign | undefined {
    if (!this.#roof || !this.#design) return undefined;
    return reportDesign(this.#design, this.#choices, this.#settings);
  }

  /**
   * Redraws the picked roof as the visitor corrected it and designs again on it: panels, shading and
   * figures follow the new roof faces.
   */
  async correctRoof(correction: RoofCorrection): Promise<void> {
    const roof = this.#roof;
    if (!roof || !this.#viewer.content) return;
    let result;
    try {
      result = this.#roofEditor.apply(correction);
    } catch (error) {
      this.#fail(error);
      return;
    }
    if (!result) return;
    this.#correction = correction;
    this.#roof = { ...roof, segments: result.segments };
    this.#view.panel.dataset.roofShape = result.shape;
    this.#shading?.invalidate();
    this.#shading?.prepare(this.#viewer.content);
    this.#viewer.requestRender();
    if (result.fallback) this.#notice.show(t('wizard.roofFallback', { shape: shapeName(correction.shape), reason: result.fallback, drawn: shapeName(result.shape) }));
    await this.#relayout();
  }

  /** Places panels on a roof and designs the system. */
  async selectRoof(roof: PickedRoof): Promise<void> {
    this.#roof = roof;
    this.#correction = (roof.node.userData as { roofCorrection?: RoofCorrection }).roofCorrection;
    this.#roofEditor.show(roof.node, roof.segments);
    this.open();
    const corners = roof.segments.flatMap((segment) => segment.outline);
    const centre = [0, 1, 2].map((k) => corners.reduce((sum, corner) => sum + corner[k], 0) / corners.length) as [number, number, number];
    const size = Math.max(...corners.map((corner) => Math.hypot(corner[0] - centre[0], corner[2] - centre[2])));
    this.#viewer.focus(centre, Math.min(Math.max(size * 3, 45), 200));
    await this.#relayout();
  }

  async #relayout(): Promise<void> {
    const roof = this.#roof;
    if (!roof || !this.#viewer.content) return;
    const generation = ++this.#generation;
    this.#choices = this.#form.read(this.#choices);
    // PV already on the roof stays: new panels go around it.
    const existing = existingSolarOf(roof.node.userData);
    this.#candidates = keepExistingSolarFree(layoutRoof(roof.segments, this.#settings.latitude, this.#choices.panel, { ...DEFAULT_LAYOUT, setback: this.#choices.setback }), existing);
    this.#view.panel.dataset.existingSolar = String(existing.length);
    this.#meshes.show(this.#candidates);
    this.#viewer.requestRender();
    this.#view.panel.dataset.roof = roof.osmId;
    this.#view.panel.dataset.candidates = String(this.#candidates.length);
    this.#view.panel.dataset.panels = String(this.#candidates.length);
    if (this.#candidates.length === 0) {
      const f = formats();
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
      if (generation === this.#generation) this.#fail(error);
    }
  }

  async #redesign(): Promise<void> {
    if (!this.#roof || this.#candidates.length === 0 || this.#losses.length !== this.#candidates.length) return;
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
      const chosen = design.selection.chosen.map((i) => this.#candidates[i]);
      this.#meshes.show(chosen, design.selection.chosen.map((i) => design.relative[i]));
      this.#viewer.requestRender();
      this.#view.panel.dataset.panels = String(chosen.length);
      // The directions the chosen panels face, for pages and tests that check the design (e.g. "180,0").
      this.#view.panel.dataset.panelAzimuths = [...new Set(chosen.map((p) => Math.round(p.azimuthDeg)))].join(',');
      this.#view.panel.dataset.annualKwh = String(design.annualKwh);
      this.#view.show(design, this.#choices.goal === 'cover_bill' ? this.#choices.monthlyKwh : undefined);
      this.#view.state('done', this.#summary(design));
      for (const listener of this.#designListeners) listener({ design, candidates: this.#candidates, losses: this.#losses });
      if (design.fallback) this.#notice.show(t('wizard.fallbackNotice', { accuracy: t('source.accuracy') }));
    } catch (error) {
      if (generation === this.#generation) this.#fail(error);
    }
  }

  #summary(design: Design): string {
    if (design.panelCount === 0) return t(this.#choices.goal === 'maximize_roi' ? 'wizard.noPayback' : 'wizard.noSun');
    const dropped = design.selection.weak.length > 0 ? ` ${t('wizard.weak', { count: design.selection.weak.length })}` : '';
    return `${t('wizard.summary', { count: design.panelCount })}${dropped}`;
  }

  #fail(error: unknown): void {
    this.#view.state('error', t('wizard.failed', { reason: error instanceof Error ? error.message : String(error) }));
  }

  /** A click (not a drag) on a roof selects it, while the wizard is open. */
  #listenForRoofClicks(canvas: HTMLCanvasElement): void {
    let down: { x: number; y: number } | undefined;
    canvas.addEventListener('pointerdown', (event) => {
      down = event.isPrimary ? { x: event.clientX, y: event.clientY } : undefined;
    });
    canvas.addEventListener('pointerup', (event) => {
      // A click another tool used (a measurement, a tapped panel) is not a roof pick.
      if (!down || event.defaultPrevented || this.#view.panel.hidden || !this.#viewer.content) return;
      const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
      down = undefined;
      if (moved > CLICK_SLOP) return;
      const rect = canvas.getBoundingClientRect();
      const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      const roof = pickRoofAtPointer(this.#viewer.content, this.#viewer.camera, pointer);
      if (roof) void this.selectRoof(roof);
      else this.#view.say(t('wizard.notRoof'));
    });
  }
}
