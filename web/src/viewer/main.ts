import './viewer.css';
import { LocalFrame } from '../../../src/modelgen/browser.ts';
import { setUpCompass } from './compass.ts';
import { setUpFullscreen } from './fullscreen-button.ts';
import { LoadingOverlay } from './loading-overlay.ts';
import { fetchModel, type ModelFetch } from './model-fetch.ts';
import type { ModelOrder } from './model-request.ts';
import { Notice } from './notice.ts';
import { setUpQuoteForm } from './quote-form.ts';
import { readSettings } from './settings.ts';
import { TimeControls } from './time-controls.ts';
import { Viewer } from './viewer.ts';
import { WizardController } from '../wizard/wizard-controller.ts';
import { chooseLanguage, t, translatePage } from './language.ts';
import { setUpReportDownload, type ReportContent } from './report-download.ts';
import { captureSnapshot } from './snapshot.ts';
import { AddressSearch } from './address-search.ts';
import { EmptyPlaceMessage } from './empty-place.ts';
import { MyBuilding } from './my-building.ts';
import { InsightTools } from '../insight/insight-tools.ts';
import { yieldToPage } from './yield.ts';
import { timeZoneAt } from './place-time-zone.ts';
import { StartOffer, waitsForVisitor } from './start-offer.ts';

const OSM_ATTRIBUTION = /openstreetmap/i;
const FIRST_MODEL_FRAME = 'viewer:first-model-frame';
/** How long the view waits for the model's job before making its WebGL context (ms). */
const JOB_WAIT_MS = 300;

/** Boots the viewer page: asks for the model, shows its progress, then the model with sun and shadows. */
async function start(): Promise<void> {
  const app = document.getElementById('app')!;
  const settings = readSettings(document);
  const order = (): ModelOrder => ({ latitude: settings.latitude, longitude: settings.longitude, radiusKm: settings.radiusKm, key: settings.key });
  const offer = waitsForVisitor(settings, window) ? new StartOffer(document) : undefined;
  // The model is asked for first: the service answers and the GLB downloads while the page loads its
  // language and sets up the view and its tools. On a touch screen's embed, only once the visitor asks
  // for the view (see `waitsForVisitor`), so a phone's first paint never waits for it.
  let opening = new AbortController();
  let first: ModelFetch | undefined = offer ? undefined : fetchModel(order(), opening.signal);
  const language = await chooseLanguage(document, settings.language, navigator.languages);
  translatePage(document);
  // Shown to tests once the page's text is in its language.
  app.dataset.language = language;
  const notice = new Notice(document);
  const overlay = new LoadingOverlay(document);
  const follow = (fetching: ModelFetch): void => {
    fetching.progress.listen((state) => overlay.showJob(state));
    fetching.download.listen((fraction) => overlay.showDownload(fraction));
  };

  // Set up by the view once it exists; a place chosen before (on the start card) only moves the settings.
  let view: { time: TimeControls; insight: InsightTools; myBuilding: MyBuilding; emptyPlace: EmptyPlaceMessage; open: () => Promise<void> } | undefined;
  let wizard: WizardController | undefined;
  /** Whether the shown place was searched or located by the visitor (the wizard then opens on it). */
  let chosen = false;
  /** The address the visitor searched, for the site report (not when they used their location). */
  let address: string | undefined;
  /** Counts the visitor's moves: the time zone of an earlier one, found late, is not applied. */
  let moves = 0;
  new AddressSearch(document, {
    key: settings.key,
    near: () => settings,
    onChoose: (place) => {
      Object.assign(settings, { latitude: place.latitude, longitude: place.longitude });
      chosen = true;
      address = place.label === t('search.myLocation') ? undefined : place.label.slice(0, 300);
      const move = ++moves;
      // The sun, the date and the clock follow the new place, in its own time zone.
      void timeZoneAt(place.latitude, place.longitude).then((timeZone) => {
        if (move !== moves) return;
        settings.timeZone = timeZone;
        view?.time.moveTo(settings, new Date());
        view?.insight.siteMoved(settings);
      });
      if (!view) {
        // Before the view exists: the start card opens it here, or the model on its way is replaced.
        if (!first) return offer?.accept();
        opening.abort();
        opening = new AbortController();
        first = fetchModel(order(), opening.signal);
        return follow(first);
      }
      view.myBuilding.clear();
      view.emptyPlace.hide();
      wizard?.startOver();
      void view.open();
    },
  });
  if (offer) {
    offer.show();
    await offer.started;
    first = fetchModel(order(), opening.signal);
  }
  // The loading card follows the model from now on, not only once the view and its tools are set up.
  follow(first!);
  // Making the WebGL context holds the page's thread for a while (waiting for the GPU process): a cached
  // model's job answers within tens of milliseconds, and its GLB then downloads meanwhile.
  await Promise.race([first!.job.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, JOB_WAIT_MS))]);
  const viewer = new Viewer(document.getElementById('stage')!);
  await nextTask();
  viewer.onRender(() => {
    app.dataset.frames = String(viewer.frames);
    app.dataset.cameraDistance = viewer.camera.position.distanceTo(viewer.controls.target).toFixed(1);
  });
  setUpCompass(document, viewer);
  setUpFullscreen(document, notice);
  // The tools are set up in tasks of their own: the GLB's download and decoding go on between them.
  const insight = new InsightTools(document, viewer, settings);
  await nextTask();
  const time = new TimeControls(document, settings, new Date(), (moment) => {
    viewer.setSun(moment.azimuth, moment.elevation);
    insight.sunMoved(moment);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === ' ' && !(event.target instanceof HTMLInputElement) && !(event.target instanceof HTMLButtonElement) && app.dataset.state === 'ready') {
      event.preventDefault();
      time.toggle();
    }
  });
  await nextTask();

  const myBuilding = new MyBuilding(viewer, app);
  const emptyPlace = new EmptyPlaceMessage(document);
  const reportContent = async (): Promise<ReportContent | undefined> => {
    const design = wizard?.reportDesign();
    return design ? { design, snapshot: await captureSnapshot(viewer), ...(address ? { address } : {}) } : undefined;
  };
  setUpQuoteForm(document, settings, () => ({ latitude: settings.latitude, longitude: settings.longitude, ...wizard?.configuration() }), reportContent);
  setUpReportDownload(document, settings, notice, reportContent);
  /** The model being opened (`opening` stops it when a place is chosen meanwhile). */
  const open = async (): Promise<void> => {
    let fetching = first;
    first = undefined;
    if (!fetching) {
      opening.abort();
      opening = new AbortController();
      fetching = fetchModel(order(), opening.signal);
    }
    const current = opening;
    follow(fetching);
    try {
      const job = await fetching.job;
      const gltf = await fetching.gltf;
      if (current.signal.aborted) return;
      const shown = viewer.show(gltf);
      // The camera is aimed (finding the ground's height there) while the shaders compile.
      const origin = viewer.info.origin ?? settings;
      const [east, north] = new LocalFrame(origin.latitude, origin.longitude).toLocal(settings.longitude, settings.latitude);
      viewer.frame(east, north);
      await shown;
      if (current.signal.aborted) return;
      performance.mark('viewer:model-loaded');
      showExtraAttribution(viewer.info.attribution);
      overlay.hide();
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
      if (current.signal.aborted) return;
      const mine = myBuilding.mark(east, north, buildings);
      await yieldToPage();
      if (current.signal.aborted) return;
      wizard ??= new WizardController(document, viewer, settings, notice);
      wizard.preferRoof(mine?.roof);
      void wizard.start();
      if (chosen && mine?.roof) void wizard.selectRoof(mine.roof);
      await yieldToPage();
      insight.modelReady(wizard);
    } catch (error) {
      if (current.signal.aborted) return;
      overlay.fail(error instanceof Error ? error.message : String(error), () => void open());
    }
  };
  view = { time, insight, myBuilding, emptyPlace, open };
  void open();
}

/**
 * Resolves in a new task, after those already queued (the service's answer, the GLB's arrival), unlike
 * {@link yieldToPage}, whose continuation goes before them.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Names the model's other sources beside the always-shown OpenStreetMap credit. */
function showExtraAttribution(attribution: string | undefined): void {
  const extra = (attribution ?? '').split(/;\s*/).filter((part) => part && !OSM_ATTRIBUTION.test(part));
  document.getElementById('extra-attribution')!.textContent = extra.length > 0 ? ` · ${extra.join(' · ')}` : '';
}

void start();
