import type { Browser } from 'playwright-core';
import { PvgisClient } from '../../src/irradiance/pvgis-client.ts';
import { PvgisStandIn } from '../stand-ins/pvgis-stand-in.ts';
import { browserSkipReason, launchBrowser } from './browser.ts';
import { createListeningContext, type ListeningContext } from './listening-service.ts';
import { missingSharedData, sharedDataFile } from './shared-data.ts';

const EXTRACT = 'osm/monaco-latest.osm.pbf';
const RECORDING = 'pvgis/pvcalc_v53_45.000_8.000_SARAH3_angle0_aspect0_1kWp_loss14.json';
const extract = sharedDataFile(EXTRACT);
const recording = sharedDataFile(RECORDING);

/** An L-shaped, flat-roofed block in Monaco (OSM way 94400143, 335 m² of roof) and a point on its roof. */
export const MONACO_ROOF = { id: 'way/94400143', lat: 43.7387325, lng: 7.4243109 };

/** Why the Solar Wizard's browser tests on Monaco cannot run here (no browser, or a shared file missing), else false. */
export const monacoWizardSkip: string | false = browserSkipReason() ?? (!extract ? missingSharedData(EXTRACT) : !recording ? missingSharedData(RECORDING) : false);

/** The service on the real Monaco extract with the product's generator, PVGIS replaying a recorded answer, and a browser. */
export interface MonacoWizard {
  ctx: ListeningContext;
  /** The PVGIS stand-in, whose `mode` a test may set to an outage. */
  pvgis: PvgisStandIn;
  browser: Browser;
  /** A partner key for the embed. */
  key: string;
  close(): Promise<void>;
}

/** Starts what the Solar Wizard's browser tests on Monaco need. */
export async function startMonacoWizard(): Promise<MonacoWizard> {
  const pvgis = await PvgisStandIn.start(recording!);
  const ctx = await createListeningContext({ workers: 1, realGenerator: true, irradiance: new PvgisClient({ baseUrl: pvgis.baseUrl }), env: { OSM_EXTRACT: extract! } });
  const key = await ctx.createKey();
  const browser = await launchBrowser();
  return {
    ctx,
    pvgis,
    browser,
    key,
    close: async () => {
      await browser.close();
      await ctx.close();
      await pvgis.close();
    },
  };
}
