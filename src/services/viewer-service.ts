import { DEFAULT_RADIUS_KM, type ModelJob, type ViewerModelRequest } from '../contract/models.ts';
import type { EmbedQuery, ViewerQuery } from '../contract/viewer.ts';
import { roofPointProblem } from '../domain/agent-session.ts';
import { isLinkPreview } from '../domain/link-preview.ts';
import { DEFAULT_PRICES } from '../domain/partner-prices.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { planIncludesPro } from '../domain/plans.ts';
import { siteTimeZone } from '../domain/site-time-zone.ts';
import type { ViewerSettings } from '../domain/viewer-settings.ts';
import { acceptedLanguages, pickLanguage, type Language } from '../i18n/index.ts';
import type { SignInSession } from './account-service.ts';
import type { AgentSessionService } from './agent-session-service.ts';
import type { ApiKeyAuthenticator } from './api-key-authenticator.ts';
import type { ModelRequester, ModelService } from './model-service.ts';
import type { PartnerProfileService } from './partner-profile-service.ts';

/**
 * The service's own viewer pages (SPEC.md `/embed` and `/viewer`): what each visitor gets. A partner's
 * embed with a working key, or a signed-in Pro user, gets HD and the whole Solar Wizard; everyone else
 * SD and the wizard's preview, with new SD generations limited per address.
 */
export class ViewerService {
  readonly #authenticator: ApiKeyAuthenticator;
  readonly #agentSessions: AgentSessionService;
  readonly #profiles: PartnerProfileService;
  readonly #models: ModelService;

  constructor(deps: { authenticator: ApiKeyAuthenticator; agentSessions: AgentSessionService; profiles: PartnerProfileService; models: ModelService }) {
    this.#authenticator = deps.authenticator;
    this.#agentSessions = deps.agentSessions;
    this.#profiles = deps.profiles;
    this.#models = deps.models;
  }

  /**
   * The embed page of a key: framed by the key's allowed sites (any site when it lists none), with the
   * partner's quote form when lead capture is on. Undefined for a missing, unknown or revoked key.
   */
  async embedPage(query: EmbedQuery, now: Date, acceptLanguage?: string): Promise<{ settings: ViewerSettings; frameAncestors: string[] } | undefined> {
    const key = query.key ?? '';
    const owner = key === '' ? undefined : await this.#authenticator.authenticate(key, now);
    if (!owner) return undefined;
    const { leadForm, prices } = await this.#profiles.embedOptions(owner.accountId);
    const settings: ViewerSettings = {
      mode: 'embed',
      wizardAccess: 'full',
      latitude: query.lat,
      longitude: query.lng,
      radiusKm: DEFAULT_RADIUS_KM,
      timeZone: siteTimeZone(query.lat, query.lng),
      key,
      ...(query.autostart ? { autostart: true } : {}),
      ...(leadForm ? { leadForm } : {}),
      prices,
      ...languageOf(query.lang, acceptLanguage),
    };
    return { settings, frameAncestors: owner.allowedOrigins.length > 0 ? owner.allowedOrigins : ['*'] };
  }

  /**
   * The viewer page of an agent or direct link. With a live agent session, opening the page marks it
   * opened and starts its model's generation; parameters in the URL take precedence over the session's
   * (the roof point as a pair: the URL's, or else the session's). A link preview (`userAgent` of a chat
   * app or crawler) gets the same page without opening the session.
   *
   * @throws InvalidRequestError when the URL gives one roof coordinate without the other
   */
  async viewerPage(query: ViewerQuery, visitor: SignInSession | undefined, now: Date, acceptLanguage?: string, userAgent?: string): Promise<ViewerSettings> {
    const roofProblem = roofPointProblem(query.roofLat, query.roofLng);
    if (roofProblem) throw new InvalidRequestError(roofProblem);
    const pro = isPro(visitor);
    const session =
      query.session === undefined ? undefined : isLinkPreview(userAgent) ? await this.#agentSessions.peek(query.session, now) : await this.#agentSessions.open(query.session, pro ? 'hd' : 'sd', now);
    return {
      mode: 'viewer',
      wizardAccess: pro ? 'full' : 'preview',
      ...(pro ? {} : { upgradeUrl: visitor ? '/partner' : '/auth/signup' }),
      latitude: query.lat,
      longitude: query.lng,
      radiusKm: session?.radiusKm ?? DEFAULT_RADIUS_KM,
      timeZone: siteTimeZone(query.lat, query.lng),
      sessionId: session?.sessionId,
      // A signed-in partner previewing the viewer (the portal's live preview) sees their own prices.
      prices: visitor?.account.prices ?? DEFAULT_PRICES,
      ...languageOf(query.lang, acceptLanguage),
      wizard: withoutUndefined({
        goal: query.wizard ?? session?.wizardGoal ?? undefined,
        monthlyKwh: query.wizardKwh ?? session?.wizardKwh ?? undefined,
        roofLatitude: query.roofLat ?? session?.roofLat ?? undefined,
        roofLongitude: query.roofLng ?? session?.roofLng ?? undefined,
      }),
    };
  }

  /**
   * The model a viewer page shows: HD with the embed's key (not metered against the partner's quota; a
   * new place is recorded as the key's not-billable usage) or for a Pro user, SD otherwise. Undefined
   * when a key is given and does not work.
   *
   * @throws RateLimitedError past the visitors' new generations per hour from `ip` (keyless pages and embeds)
   */
  async requestModel(request: ViewerModelRequest, visitor: SignInSession | undefined, ip: string, now: Date): Promise<ModelJob | undefined> {
    const { latitude, longitude, radiusKm = DEFAULT_RADIUS_KM, key } = request;
    const owner = key === undefined ? undefined : await this.#authenticator.authenticate(key, now);
    if (key !== undefined && !owner) return undefined;
    const requester: ModelRequester = owner ? { kind: 'embed', owner, ip } : visitor && isPro(visitor) ? { kind: 'pro-page', accountId: visitor.account.id } : { kind: 'keyless-page', ip };
    const answer = await this.#models.request(requester.kind === 'keyless-page' ? 'sd' : 'hd', { latitude, longitude, radiusKm }, requester, now);
    return answer.view;
  }
}

/** The page's language: the `lang` parameter, else the first of Accept-Language we speak, else none (the browser decides). */
function languageOf(lang: Language | undefined, acceptLanguage: string | undefined): { language?: Language } {
  const language = lang ?? pickLanguage(acceptedLanguages(acceptLanguage));
  return language ? { language } : {};
}

/** SPEC.md: a Pro subscription (Business includes it) unlocks the Solar Wizard and HD models. */
function isPro(visitor: SignInSession | undefined): boolean {
  return visitor !== undefined && planIncludesPro(visitor.account.plan);
}

function withoutUndefined<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}
