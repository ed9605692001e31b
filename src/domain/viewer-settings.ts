import type { WizardGoal } from '../contract/sessions.ts';
import type { Language } from '../i18n/index.ts';
import type { PartnerPrices } from './partner-prices.ts';

/**
 * What the service tells a viewer page about itself (the `#viewer-settings` JSON block of `/embed` and
 * `/viewer`). Shared by the routes that write it and the browser app that reads it.
 */
export interface ViewerSettings {
  /** `embed`: a partner's iframe (HD, key checked); `viewer`: a direct or agent link. */
  mode: 'embed' | 'viewer';
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** IANA time zone of the site, for the time slider's local clock. */
  timeZone: string;
  /**
   * Embeds only: open the 3D view at once on touch screens too (the `autostart` parameter). Without it a
   * touch screen first shows the start card, and the view starts on the visitor's tap or address.
   */
  autostart?: boolean;
  /** The embed URL's key: the only key the page ever holds. */
  key?: string;
  /** The agent session this page was opened from. */
  sessionId?: string;
  /**
   * What the Solar Wizard may show: `full` (a partner's embed, whose plan covers it, or a Pro user), or
   * `preview` (panels placed, figures behind a sign-up or upgrade prompt).
   */
  wizardAccess: 'full' | 'preview';
  /** Where the preview's prompt leads: sign-up for visitors, the portal's plans for signed-in users. */
  upgradeUrl?: string;
  /** The prices the Solar Wizard starts from: the partner's (embeds), else the service's defaults. */
  prices: PartnerPrices;
  /** The partner's quote form, when lead capture is on (embeds only). */
  leadForm?: { company: string | null; privacyUrl: string | null };
  /**
   * The page's language: the `lang` parameter, else the first of the request's Accept-Language we speak;
   * absent when neither names one (the page then follows the browser's `navigator.languages`).
   */
  language?: Language;
  /** Solar Wizard presets from the link or the session. */
  wizard?: { goal?: WizardGoal; monthlyKwh?: number; roofLatitude?: number; roofLongitude?: number };
}
