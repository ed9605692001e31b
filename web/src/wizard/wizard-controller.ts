import type { Object3D, Vector2 } from 'three';
import type { ViewerSettings } from '../../../src/domain/viewer-settings.ts';
import type { Notice } from '../viewer/notice.ts';
import type { Viewer } from '../viewer/viewer.ts';
import { PanelMeshes } from './panel-meshes.ts';
import { LocalFrame, type RoofCorrection } from '../../../src/modelgen/browser.ts';
import { listenForClicks } from './roof-clicks.ts';
import { RoofDesigner, type DesignedPanels } from './roof-designer.ts';
import { RoofEditor } from './roof-editor.ts';
import { pickRoofAtPointer, pickRoofBelow, roofSegmentsOf, withCurrentFaces, type PickedRoof } from './roof-picker.ts';
import { wireWizardControls } from './wizard-controls.ts';
import { WizardForm } from './wizard-form.ts';
import { WizardView, type WizardState } from './wizard-view.ts';
import { pointerIsTouch } from '../viewer/touch-screen.ts';
import { WizardSheet } from './wizard-sheet.ts';
import { panelInsets } from '../viewer/view-insets.ts';
import { reportDesign, reportRoof } from './report-design.ts';
import { measuredDataset } from './measured-dataset.ts';
import type { SiteReportDesign } from '../../../src/contract/report.ts';
import { t } from '../viewer/language.ts';

/** Roofs are shown with at least this much around them (metres from their centre), so the street is recognisable. */
const ROOF_SURROUNDINGS = 25;

/** The system configuration a lead carries along (and tests read). */
export interface WizardConfiguration {
  roof: string;
  /** Where the chosen roof is: the centre of its faces. */
  roofLatitude: number;
  roofLongitude: number;
  panels: number;
  kwp: number;
  annualKwh: number;
  goal: string;
  /** The monthly electricity use the visitor asked to cover (the goal `cover_bill`), kWh. */
  monthlyUseKwh?: number;
  /** The visitor's correction of the roof the model had, when they made one. */
  roofCorrection?: RoofCorrection;
}

/**
 * The Solar Wizard: opens and closes its panel, picks a roof (a click, the agent's roof position, or
 * the visitor's own building), lets the visitor correct the roof's shape and keeps it in view; the
 * {@link RoofDesigner} lays the panels out and designs the system on it.
 */
export class WizardController {
  readonly #viewer: Viewer;
  readonly #settings: ViewerSettings;
  readonly #notice: Notice;
  readonly #view: WizardView;
  readonly #toggle: HTMLButtonElement;
  readonly #meshes: PanelMeshes;
  readonly #roofEditor: RoofEditor;
  readonly #sheet: WizardSheet;
  readonly #designer: RoofDesigner;
  /** A touch screen: instructions say "tap", not "click". */
  readonly #touch: boolean;
  #correction: RoofCorrection | undefined;
  /** Corrections asked for so far: only the latest one puts the wizard's state back when it draws nothing. */
  #corrections = 0;
  /** Centre of the picked roof in the model frame. */
  #roofCentre: [number, number, number] | undefined;
  /** The visitor's own building (under the requested point): opening the wizard starts on it. */
  #preferred: PickedRoof | undefined;
  readonly #redrawnListeners = new Set<(node: Object3D) => void>();

  constructor(document: Document, viewer: Viewer, settings: ViewerSettings, notice: Notice) {
    this.#viewer = viewer;
    this.#settings = settings;
    this.#notice = notice;
    this.#view = new WizardView(document, settings.wizardAccess);
    this.#touch = pointerIsTouch(document.defaultView!);
    this.#sheet = new WizardSheet(document, () => this.#fitView());
    const form = new WizardForm(document);
    this.#meshes = new PanelMeshes(viewer.scene);
    this.#roofEditor = new RoofEditor(document, (correction) => void this.correctRoof(correction));
    this.#toggle = document.getElementById('wizard-toggle') as HTMLButtonElement;
    this.#designer = new RoofDesigner(viewer, settings, notice, this.#view, form, this.#meshes);
    this.#view.panel.dataset.access = settings.wizardAccess;
    // In the preview the design is shown as it is made from the presets; changing it needs Pro.
    if (settings.wizardAccess === 'preview') {
      form.disable();
      this.#roofEditor.disable();
    }
    wireWizardControls(document, settings, this.#toggle, this);
    listenForClicks(viewer.renderer.domElement, () => !this.#view.panel.hidden && this.#viewer.content !== undefined, (pointer) => void this.#pickAt(pointer));
  }

  /** Opens the wizard; with an agent's roof position, places panels on that roof at once. */
  async start(): Promise<void> {
    const wizard = this.#settings.wizard;
    if (!wizard) return;
    this.open();
    if (wizard.roofLatitude === undefined || wizard.roofLongitude === undefined || !this.#viewer.content) return;
    const origin = this.#viewer.info.origin ?? this.#settings;
    const [east, north] = new LocalFrame(origin.latitude, origin.longitude).toLocal(wizard.roofLongitude, wizard.roofLatitude);
    const buildings = await this.#viewer.buildings?.catch(() => undefined);
    if (!this.#viewer.content) return;
    const roof = pickRoofBelow(this.#viewer.content, buildings, east, north);
    if (roof) void this.selectRoof(roof, { showPanels: true });
    else this.#view.state('pick', t(this.#touch ? 'wizard.noRoofAtPositionTap' : 'wizard.noRoofAtPosition'));
  }

  /** The roof the wizard opens on when the visitor has not picked one (their building); undefined: none. */
  preferRoof(roof: PickedRoof | undefined): void {
    this.#preferred = roof;
    this.#view.offerHouse(roof !== undefined);
  }

  /** Places panels on the marked house's roof, chosen without a click (the keyboard's way to it). */
  placeOnHouse(): void {
    if (!this.#preferred) return;
    // The button hides as the design starts: the keyboard goes on from the wizard's heading.
    if (this.#view.panel.contains(this.#view.panel.ownerDocument.activeElement)) focusHeading(this.#view.panel);
    void this.selectRoof(this.#preferred, { showPanels: true });
  }

  toggle(): void {
    if (this.#view.panel.hidden) this.open();
    else this.close();
  }

  open(): void {
    this.#view.panel.hidden = false;
    this.#view.panel.ownerDocument.getElementById('app')!.dataset.wizard = 'open';
    this.#fitView();
    if (this.#viewer.content) this.#designer.prepareShading(this.#viewer.content);
    this.#meshes.warmUp((after) => {
      const stop = this.#viewer.onRender(() => {
        stop();
        after();
      });
      this.#viewer.requestRender();
    });
    this.#toggle.setAttribute('aria-expanded', 'true');
    if (!this.#designer.roof && this.#preferred && !this.#settings.wizard) void this.selectRoof(this.#preferred, { showPanels: true });
    else if (!this.#designer.roof) this.#view.state('pick', t(this.#touch ? 'wizard.pickTap' : 'wizard.pick'));
  }

  close(): void {
    // Focus in the panel would fall to the page's start as the panel hides: it goes back to the wizard's button.
    const focusInPanel = this.#view.panel.contains(this.#view.panel.ownerDocument.activeElement);
    this.#view.panel.hidden = true;
    if (focusInPanel) this.#toggle.focus();
    delete this.#view.panel.ownerDocument.getElementById('app')!.dataset.wizard;
    this.#fitView();
    this.#toggle.setAttribute('aria-expanded', 'false');
  }

  /** Removes the panels and lets the visitor pick a roof again. */
  startOver(): void {
    const focused = this.#view.panel.ownerDocument.activeElement;
    this.#designer.clear();
    this.#roofCentre = undefined;
    this.#correction = undefined;
    this.#roofEditor.hide();
    this.#viewer.requestRender();
    this.#view.panel.dataset.panels = '0';
    delete this.#view.panel.dataset.roof;
    delete this.#view.panel.dataset.roofPieces;
    this.#sheet.expand(false);
    this.#view.state('pick', t(this.#touch ? 'wizard.removedTap' : 'wizard.removed'));
    keepFocusIn(this.#view.panel, focused);
  }

  /** Called with every finished design, and with undefined when the panels are removed. */
  onDesign(listener: (designed: DesignedPanels | undefined) => void): () => void {
    return this.#designer.onDesign(listener);
  }

  /** The current design for a lead, or undefined before one is made. */
  configuration(): WizardConfiguration | undefined {
    const { roof, design } = this.#designer;
    const at = this.#roofPoint();
    if (!roof || !design || !at) return undefined;
    return {
      roof: roof.osmId,
      roofLatitude: at.latitude,
      roofLongitude: at.longitude,
      panels: design.panelCount,
      kwp: design.kwp,
      annualKwh: design.annualKwh,
      goal: this.#designer.choices.goal,
      ...(this.#designer.choices.goal === 'cover_bill' && this.#designer.choices.monthlyKwh !== undefined ? { monthlyUseKwh: this.#designer.choices.monthlyKwh } : {}),
      ...(this.#correction ? { roofCorrection: this.#correction } : {}),
    };
  }

  /** The current design as the site report shows it, or undefined before one is made. */
  async reportDesign(): Promise<SiteReportDesign | undefined> {
    // A price typed and the button clicked at once: the report waits for the design of that price.
    await this.#designer.settled();
    const { roof, design } = this.#designer;
    if (!roof || !design) return undefined;
    const at = this.#roofPoint();
    const reported = at && reportRoof(roof, at, this.#correction, measuredDataset(roof.node, this.#viewer.info));
    return reportDesign(design, this.#settings, { roof: reported, segments: roof.segments, attribution: this.#viewer.info.attribution });
  }

  /** Where the chosen roof is (the centre of its faces), to seven decimals, or undefined before one is chosen. */
  #roofPoint(): { latitude: number; longitude: number } | undefined {
    if (!this.#roofCentre) return undefined;
    const origin = this.#viewer.info.origin ?? this.#settings;
    const [longitude, latitude] = new LocalFrame(origin.latitude, origin.longitude).toLonLat([this.#roofCentre[0], -this.#roofCentre[2]]);
    return { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 };
  }

  /** Calls `listener` with each building node redrawn by a roof correction; returns a function that stops it. */
  onRoofRedrawn(listener: (node: Object3D) => void): () => void {
    this.#redrawnListeners.add(listener);
    return () => this.#redrawnListeners.delete(listener);
  }

  /**
   * Redraws the picked roof as the visitor corrected it and designs again on it: panels, shading and
   * figures follow the new roof faces.
   */
  correctRoof(correction: RoofCorrection): Promise<void> {
    // A report asked for meanwhile waits for the roof redrawn and its design, not the roof before.
    return this.#designer.track(this.#correctRoof(correction));
  }

  async #correctRoof(correction: RoofCorrection): Promise<void> {
    const roof = this.#designer.roof;
    if (!roof || !this.#viewer.content) return;
    const turn = ++this.#corrections;
    // A design under way when the correction came ends on its own; the state goes back to it, or to done.
    const shown = this.#view.panel.dataset.state === 'working' ? 'done' : (this.#view.panel.dataset.state as WizardState);
    // From this moment the figures on screen are those of the roof before: say so at once, not only once
    // the roof builder has been fetched and the roof redrawn.
    this.#view.state('working');
    let result;
    try {
      result = await this.#roofEditor.apply(correction);
    } catch (error) {
      this.#view.failed(error);
      return;
    }
    if (!result) {
      if (turn === this.#corrections && this.#designer.roof === roof) this.#view.state(shown);
      return;
    }
    for (const listener of this.#redrawnListeners) listener(roof.node);
    // The correction as drawn: where the roof builder fell back to another shape, the panels are on that one.
    this.#correction = result.fallback ? { ...correction, shape: result.shape } : correction;
    this.#designer.roof = withCurrentFaces(roof);
    this.#view.panel.dataset.roofShape = result.shape;
    this.#designer.reshade(this.#viewer.content);
    this.#viewer.requestRender();
    if (result.fallback) this.#notice.show(result.fallback);
    await this.#designer.layout();
  }

  /**
   * Places panels on a roof and designs the system. `showPanels` (a roof picked for the visitor: the
   * agent's roof, their own house) turns the view to the panels once they are placed.
   */
  async selectRoof(picked: PickedRoof, options: { showPanels?: boolean } = {}): Promise<void> {
    const roof = withCurrentFaces(picked);
    this.#designer.roof = roof;
    this.#correction = correctionOn(roof);
    // The roof fields describe and correct the piece picked; the panels go on every piece of the building.
    this.#roofEditor.show(roof.node, roofSegmentsOf(roof.node), measuredDataset(roof.node, this.#viewer.info));
    this.open();
    const corners = roof.segments.flatMap((segment) => segment.outline);
    const centre = [0, 1, 2].map((k) => corners.reduce((sum, corner) => sum + corner[k], 0) / corners.length) as [number, number, number];
    const size = Math.max(...corners.map((corner) => Math.hypot(corner[0] - centre[0], corner[2] - centre[2])));
    this.#roofCentre = centre;
    this.#sheet.expand(false);
    this.#fitView();
    // The roof and its neighbours fill the part of the view no panel covers: close enough to see the
    // panels, far enough to recognise the street, on a phone as on a desktop.
    this.#viewer.focus(centre, Math.min(Math.max(this.#viewer.distanceToShow(Math.max(size * 2, ROOF_SURROUNDINGS)), 30), 300));
    if (options.showPanels) this.#turnToPanels();
    await this.#designer.layout();
  }

  /**
   * When the roof's first design is made, turns the view to look at the face most of its panels are on,
   * so the visitor sees them from the front, not the back of the roof. A view the visitor has turned
   * meanwhile is left as they turned it.
   */
  #turnToPanels(): void {
    const heading = this.#viewer.heading();
    const stop = this.#designer.onDesign((designed) => {
      stop();
      const facing = designed && mostPanelsFacing(designed);
      const turned = Math.abs(((this.#viewer.heading() - heading + 540) % 360) - 180) > 1;
      if (facing !== undefined && !turned) this.#viewer.faceHeading((facing + 180) % 360);
    });
  }

  /** Keeps what the visitor looks at in the part of the view that the wizard and the time bar leave free. */
  #fitView(): void {
    this.#viewer.setInsets(panelInsets(this.#view.panel.ownerDocument));
  }

  /** A click (not a drag) on a roof selects it, while the wizard is open. */
  async #pickAt(pointer: Vector2): Promise<void> {
    const buildings = await this.#viewer.buildings?.catch(() => undefined);
    if (!this.#viewer.content) return;
    const roof = pickRoofAtPointer(this.#viewer.content, buildings, this.#viewer.camera, pointer);
    if (roof) void this.selectRoof(roof);
    else this.#view.say(t(this.#touch ? 'wizard.notRoofTap' : 'wizard.notRoof'));
  }
}

/**
 * When the control of a panel that had the focus (`focused`, read before the change) has just hidden
 * itself ("Start over" in a wizard with nothing to start over), moves the focus to the panel's heading,
 * so that the keyboard goes on from there instead of from the page's start.
 */
function keepFocusIn(panel: HTMLElement, focused: Element | null): void {
  if (focused instanceof HTMLElement && panel.contains(focused) && !focused.checkVisibility()) focusHeading(panel);
}

/** Moves the focus to a panel's heading (not in the keyboard's tab order itself). */
function focusHeading(panel: HTMLElement): void {
  const heading = panel.querySelector<HTMLElement>('h2');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * The visitor's correction of a picked roof: the piece picked's, else one of the building's other pieces'
 * (the panels lie on those faces too, and the installer must know a roof under them was corrected).
 */
function correctionOn(roof: PickedRoof): RoofCorrection | undefined {
  return [roof.node, ...roof.others].map((piece) => (piece.userData as { roofCorrection?: RoofCorrection }).roofCorrection).find(Boolean);
}

/** The direction (azimuth, degrees) most of a design's panels face; undefined when it has none. */
function mostPanelsFacing({ design, candidates }: DesignedPanels): number | undefined {
  const counts = new Map<number, number>();
  for (const i of design.selection.chosen) {
    const azimuth = Math.round(candidates[i].azimuthDeg);
    counts.set(azimuth, (counts.get(azimuth) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
