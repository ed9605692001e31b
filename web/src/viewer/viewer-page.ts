import { LocalFrame } from '../../../src/modelgen/browser.ts';
import type { ModelJob } from '../../../src/contract/models.ts';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { setUpCompass } from './compass.ts';
import { setUpFullscreen } from './fullscreen-button.ts';
import { LoadingOverlay } from './loading-overlay.ts';
import { fetchModel, type ModelFetch } from './model-fetch.ts';
import { ModelUnavailableError, type ModelOrder } from './model-request.ts';
import { Notice } from './notice.ts';
import { setUpQuoteForm } from './quote-form.ts';
import { readSettings, type ViewerSettings } from './settings.ts';
import { isShortcut } from './shortcut-keys.ts';
import { TimeControls } from './time-controls.ts';
import { Viewer } from './viewer.ts';
import { WizardController } from '../wizard/wizard-controller.ts';
import { chooseLanguage, t, translatePage } from './language.ts';
import { setUpReportDownload, type ReportContent } from './report-download.ts';
import { captureSnapshot } from './snapshot.ts';
import { AddressSearch, type ChosenPlace } from './address-search.ts';
import { EmptyPlaceMessage } from './empty-place.ts';
import { MyBuilding } from './my-building.ts';
import { InsightTools } from '../insight/insight-tools.ts';
import { nextTask, yieldToPage } from './yield.ts';
import { timeZoneAt } from './place-time-zone.ts';
import { StartOffer, waitsForVisitor } from './start-offer.ts';
import { controlMargins, panelInsets } from './view-insets.ts';
import { otherCredits } from '../../../src/domain/map-credits.ts';

const FIRST_MODEL_FRAME = 'viewer:first-model-frame';
/** How long the view waits for the model's job before making its WebGL context (ms). */
const JOB_WAIT_MS = 300;

/** The view and its tools, set up once the model is on its way. */
interface View {
  viewer: Viewer;
  time: TimeControls;
  insight: InsightTools;
  myBuilding: MyBuilding;
  emptyPlace: EmptyPlaceMessage;
}

/**
 * The viewer page (`/embed` and `/viewer`): asks for the model, shows its progress, then the model with
 * sun and shadows, the address search, the Solar Wizard and the insight tools.
 */
export class ViewerPage {
  readonly #document: Document;
  readonly #app: HTMLElement;
  readonly #settings: ViewerSettings;
  readonly #offer: StartOffer | undefined;
  readonly #notice: Notice;
  readonly #overlay: LoadingOverlay;
  /** Stops the model being opened when a place is chosen meanwhile. */
  #opening: AbortController;
  /** The model asked for before the view existed, until the view opens it. */
  #first: ModelFetch | undefined;
  /** Set up once the model is on its way; a place chosen before (on the start card) only moves the settings. */
  #view: View | undefined;
  #wizard: WizardController | undefined;
  /** Whether the shown place was searched or located by the visitor (the wizard then opens on it). */
  #chosen = false;
  /** The address the visitor searched, for the site report (not when they used their location). */
  #address: string | undefined;
  /** Counts the visitor's moves: the time zone of an earlier one, found late, is not applied. */
  #moves = 0;

  /** Boots the page. */
  static async start(document: Document): Promise<void> {
    const settings = readSettings(document);
    const offer = waitsForVisitor(settings, window) ? new StartOffer(document) : undefined;
    // The model is asked for first: the service answers and the GLB downloads while the page loads its
    // language and sets up the view and its tools. On a touch screen's embed, only once the visitor asks
    // for the view (see `waitsForVisitor`), so a phone's first paint never waits for it.
    const opening = new AbortController();
    const first = offer ? undefined : fetchModel(orderOf(settings), opening.signal);
    const language = await chooseLanguage(document, settings.language, navigator.languages);
    translatePage(document);
    // Shown to tests once the page's text is in its language.
    document.getElementById('app')!.dataset.language = language;
    await new ViewerPage(document, settings, offer, opening, first).#run();
  }

  private constructor(document: Document, settings: ViewerSettings, offer: StartOffer | undefined, opening: AbortController, first: ModelFetch | undefined) {
    this.#document = document;
    this.#app = document.getElementById('app')!;
    this.#settings = settings;
    this.#offer = offer;
    this.#opening = opening;
    this.#first = first;
    this.#notice = new Notice(document);
    this.#overlay = new LoadingOverlay(document);
    new AddressSearch(document, { key: settings.key, near: () => settings, onChoose: (place) => this.#choose(place) });
  }

  async #run(): Promise<void> {
    if (this.#offer) {
      this.#offer.show();
      await this.#offer.started;
      this.#first = fetchModel(orderOf(this.#settings), this.#opening.signal);
    }
    const first = this.#first!;
    // The loading card follows the model from now on, not only once the view and its tools are set up.
    this.#follow(first);
    // Making the WebGL context holds the page's thread for a while (waiting for the GPU process): a cached
    // model's job answers within tens of milliseconds, and its GLB then downloads meanwhile.
    await Promise.race([first.job.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, JOB_WAIT_MS))]);
    this.#view = await this.#setUpView();
    void this.#open();
  }

  /** The loading card shows a model's progress. */
  #follow(fetching: ModelFetch): void {
    fetching.progress.listen((state) => this.#overlay.showJob(state));
    fetching.download.listen((fraction) => this.#overlay.showDownload(fraction));
  }

  /** The visitor chose a place (an address, or their location): the view moves there. */
  #choose(place: ChosenPlace): void {
    const settings = this.#settings;
    Object.assign(settings, { latitude: place.latitude, longitude: place.longitude });
    this.#chosen = true;
    this.#address = place.label === t('search.myLocation') ? undefined : place.label.slice(0, 300);
    const move = ++this.#moves;
    // The sun, the date and the clock follow the new place, in its own time zone.
    void timeZoneAt(place.latitude, place.longitude).then((timeZone) => {
      if (move !== this.#moves) return;
      settings.timeZone = timeZone;
      this.#view?.time.moveTo(settings, new Date());
      this.#view?.insight.siteMoved(settings);
    });
    if (!this.#view) {
      // Before the view exists: the start card opens it here, or the model on its way is replaced.
      if (!this.#first) return this.#offer?.accept();
      this.#opening.abort();
      this.#opening = new AbortController();
      this.#first = fetchModel(orderOf(settings), this.#opening.signal);
      return this.#follow(this.#first);
    }
    this.#view.myBuilding.clear();
    this.#view.emptyPlace.hide();
    this.#wizard?.startOver();
    void this.#open();
  }

  /** Makes the view and its tools, the tools in tasks of their own: the GLB's download and decoding go on between them. */
  async #setUpView(): Promise<View> {
    const document = this.#document;
    const app = this.#app;
    const viewer = new Viewer(document.getElementById('stage')!);
    // Measured by bench/viewer-load-ab.ts: the WebGL context is made (the page's thread waits for the GPU process).
    performance.mark('viewer:context-made');
    await nextTask();
    viewer.onRender(() => {
      app.dataset.frames = String(viewer.frames);
      app.dataset.cameraDistance = viewer.targetDistance.toFixed(1);
      app.dataset.camera = viewer.camera.position.toArray().map((v) => v.toFixed(1)).join(',');
    });
    setUpCompass(document, viewer);
    setUpFullscreen(document, this.#notice);
    const insight = new InsightTools(document, viewer, this.#settings);
    await nextTask();
    const time = new TimeControls(document, this.#settings, new Date(), (moment) => {
      viewer.setSun(moment.azimuth, moment.elevation);
      insight.sunMoved(moment);
    });
    document.addEventListener('keydown', (event) => {
      if (isShortcut(event, ' ') && app.dataset.state === 'ready') {
        event.preventDefault();
        time.toggle();
      }
    });
    await nextTask();
    const reportContent = async (): Promise<ReportContent | undefined> => {
      const design = await this.#wizard?.reportDesign();
      return design ? { design, snapshot: await captureSnapshot(viewer), ...(this.#address ? { address: this.#address } : {}) } : undefined;
    };
    const settings = this.#settings;
    setUpQuoteForm(document, settings, () => ({ latitude: settings.latitude, longitude: settings.longitude, ...this.#wizard?.configuration() }), reportContent, () => this.#address);
    setUpReportDownload(document, settings, this.#notice, reportContent);
    performance.mark('viewer:view-set-up');
    return { viewer, time, insight, myBuilding: new MyBuilding(viewer, app), emptyPlace: new EmptyPlaceMessage(document) };
  }

  /** Opens the model of the settings' place (the one asked for first, else a new one). */
  async #open(): Promise<void> {
    let fetching = this.#first;
    this.#first = undefined;
    if (!fetching) {
      this.#opening.abort();
      this.#opening = new AbortController();
      fetching = fetchModel(orderOf(this.#settings), this.#opening.signal);
    }
    const current = this.#opening;
    this.#follow(fetching);
    try {
      const job = await fetching.job;
      const gltf = await fetching.gltf;
      if (current.signal.aborted) return;
      await this.#show(job, gltf, current.signal);
    } catch (error) {
      if (current.signal.aborted) return;
      // A place outside the map data fails the same way again: no retry is offered for it.
      const retry = !(error instanceof ModelUnavailableError) || error.retryable ? () => void this.#open() : undefined;
      this.#overlay.fail(error instanceof Error ? error.message : String(error), retry, error instanceof ModelUnavailableError ? error.detail : undefined);
    }
  }

  /** Shows a model, then marks the house and sets up the wizard and the tools on it, after its first frame. */
  async #show(job: ModelJob, gltf: GLTF, aborted: AbortSignal): Promise<void> {
    const { viewer, time, insight, myBuilding, emptyPlace } = this.#view!;
    const settings = this.#settings;
    const shown = viewer.show(gltf);
    // The camera is aimed (finding the ground's height there) while the shaders compile.
    const origin = viewer.info.origin ?? settings;
    const [east, north] = new LocalFrame(origin.latitude, origin.longitude).toLocal(settings.longitude, settings.latitude);
    viewer.frame(east, north);
    await shown;
    if (aborted.aborted) return;
    // Shaders compiled, textures uploaded, shadow map drawn: the first frame only draws.
    performance.mark('viewer:model-loaded');
    showExtraAttribution(this.#document, viewer.info.attribution);
    this.#overlay.hide();
    time.show();
    emptyPlace.update(job, viewer.info);
    const drawn = new Promise<void>((resolve) => {
      const stop = viewer.onRender(() => {
        // Measured by bench/viewer-load.ts: navigation to the first frame that shows the model.
        performance.mark(FIRST_MODEL_FRAME);
        stop();
        resolve();
      });
    });
    // The building table is decoded after the first frame; finding the house needs it.
    const buildings = await viewer.buildings?.catch(() => undefined);
    // The house, the wizard and the tools are set up after the first frame, each in a task of its
    // own (a frame can be held back when the page is out of view: then after a second).
    await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await yieldToPage();
    if (aborted.aborted) return;
    const mine = myBuilding.mark(east, north, buildings);
    // Aimed at the address point before the house was known: a house reaching out of the view (a large
    // one, a narrow phone screen) is brought wholly into it.
    const house = myBuilding.bounds();
    // The view is centred in what the time controls leave free before the house is fitted into it (set
    // after, the house was drawn 72 px higher than fitted, a tower's top behind the address box).
    viewer.setInsets(panelInsets(this.#document));
    if (house) viewer.bringIntoView(house, controlMargins(this.#document));
    await yieldToPage();
    if (aborted.aborted) return;
    viewer.showStreetLabels();
    this.#app.dataset.streetLabels = String(viewer.streetLabels.count);
    this.#app.dataset.houseNumbers = String(viewer.streetLabels.numbers);
    await yieldToPage();
    if (aborted.aborted) return;
    if (!this.#wizard) {
      this.#wizard = new WizardController(this.#document, viewer, settings, this.#notice);
      // The house's outline and pin follow its roof when the visitor corrects it.
      this.#wizard.onRoofRedrawn((node) => myBuilding.redrawn(node));
      this.#wizard.onDesign((designed) => myBuilding.fade(Boolean(designed?.candidates.length)));
    }
    const wizard = this.#wizard;
    wizard.preferRoof(mine?.roof);
    void wizard.start();
    if (this.#chosen && mine?.roof) void wizard.selectRoof(mine.roof, { showPanels: true });
    await yieldToPage();
    insight.modelReady(wizard);
  }
}

/** The model order for the settings' place. */
function orderOf(settings: ViewerSettings): ModelOrder {
  return { latitude: settings.latitude, longitude: settings.longitude, radiusKm: settings.radiusKm, key: settings.key };
}

/** Names the model's other sources beside the always-shown OpenStreetMap credit. */
function showExtraAttribution(document: Document, attribution: string | undefined): void {
  const extra = otherCredits(attribution);
  document.getElementById('extra-attribution')!.textContent = extra.length > 0 ? ` · ${extra.join(' · ')}` : '';
}
