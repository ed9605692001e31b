import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { AccountTokensRepository, TokenPurpose } from '../db/account-tokens-repository.ts';
import { normaliseEmail, type Account, type AccountsRepository } from '../db/accounts-repository.ts';
import type { SignInSessionsRepository } from '../db/sign-in-sessions-repository.ts';
import type { Database } from '../db/schema.ts';
import { isEmailAddress, passwordProblem } from '../domain/credentials.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { resetPasswordMail, signUpAgainMail, verifyAddressMail } from '../mail/account-mails.ts';
import { consumeRateLimit, HOUR_MS, type RateLimiter } from './rate-limiter.ts';
import { newSecret, secretHash } from './secret-token.ts';

const DAY_MS = 24 * HOUR_MS;
/** How long a sign-in session lasts, a verification link and a reset link stay valid. */
export const SIGN_IN_SESSION_LIFETIME_MS = 14 * DAY_MS;
export const VERIFY_LINK_LIFETIME_MS = 2 * DAY_MS;
export const RESET_LINK_LIFETIME_MS = HOUR_MS;
/** Sign-in attempts: per address and per account (known or not, so the limit reveals nothing). */
export const SIGN_INS_PER_IP_PER_HOUR = 30;
export const SIGN_INS_PER_ACCOUNT_PER_HOUR = 10;
/**
 * How long a browser that signed in is known to its account. A known browser's attempts are counted on
 * their own, so strangers who exhaust the account's limit do not lock its owner out (OWASP's device
 * cookies).
 */
export const KNOWN_BROWSER_LIFETIME_MS = 180 * 24 * HOUR_MS;
/**
 * Browsers an account knows at most (the newest): each has attempts of its own, so someone who once had
 * the password cannot gather browsers to multiply them. A password reset forgets them all.
 */
export const KNOWN_BROWSERS_PER_ACCOUNT = 5;
const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a while and try again, or reset the password.';
const TOO_MANY_REQUESTS = 'Too many requests from this address. Please wait a while and try again.';
/** A hash to verify against for unknown addresses, so a failed sign-in takes as long either way (made on first use). */
let decoyHash: Promise<string> | undefined;

/** A sign-in session: a browser signed in to an account (the portal's cookie), not an agent session. */
export interface SignInSession {
  account: Account;
  csrfToken: string;
}

/**
 * Sign-up, e-mail verification, sign-in with server-side sessions and password reset. Answers never
 * tell whether an address has an account; the e-mail to that address does.
 */
export class AccountService {
  readonly #db: Kysely<Database>;
  readonly #accounts: AccountsRepository;
  readonly #tokens: AccountTokensRepository;
  readonly #sessions: SignInSessionsRepository;
  readonly #queue: JobQueue;
  readonly #limits: RateLimiter;
  readonly #baseUrl: string;

  constructor(deps: { db: Kysely<Database>; accounts: AccountsRepository; tokens: AccountTokensRepository; sessions: SignInSessionsRepository; queue: JobQueue; limits: RateLimiter; publicBaseUrl: string }) {
    this.#db = deps.db;
    this.#accounts = deps.accounts;
    this.#tokens = deps.tokens;
    this.#sessions = deps.sessions;
    this.#queue = deps.queue;
    this.#limits = deps.limits;
    this.#baseUrl = deps.publicBaseUrl;
  }

  /**
   * Creates an account and mails a verification link. For an address that already has an account, mails
   * that account's owner instead (how to sign in or reset), and answers the same.
   *
   * @throws InvalidRequestError for an unreadable address or a weak password
   * @throws RateLimitedError past 10 sign-ups an hour from one address
   */
  async signUp(email: string, password: string, ip: string, now: Date): Promise<void> {
    // Every problem at once: the visitor corrects both fields in one go.
    const problems = [isEmailAddress(email) ? undefined : 'Enter an e-mail address such as name@example.com.', passwordProblem(password, email)].filter(Boolean);
    if (problems.length > 0) throw new InvalidRequestError(problems.join(' '));
    await consumeRateLimit(this.#limits, { bucket: `signup:ip:${ip}`, limit: 10, windowMs: HOUR_MS, message: TOO_MANY_REQUESTS }, now);
    const passwordHash = await hash(password);
    await this.#db.transaction().execute(async (trx) => {
      const account = await this.#accounts.createWithPassword(trx, email, passwordHash);
      if (!account) {
        await this.#queue.enqueueEmail(trx, signUpAgainMail(normaliseEmail(email), this.#baseUrl));
        return;
      }
      const link = await this.#issueToken(trx, account.id, 'verify-email', VERIFY_LINK_LIFETIME_MS, now);
      await this.#queue.enqueueEmail(trx, verifyAddressMail(account.email, this.#baseUrl, link));
    });
  }

  /** Confirms an address from its link; false when the link is unknown, used or expired. */
  async verifyEmail(token: string, now: Date): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const accountId = await this.#tokens.consume(trx, secretHash(token), 'verify-email', now);
      if (accountId === undefined) return false;
      await this.#accounts.markVerified(trx, accountId, now);
      return true;
    });
  }

  /**
   * Checks the password and opens a session; undefined for a wrong address or password (the same
   * answer either way, in about the same time).
   *
   * A browser that signed in to this account before (`knownBrowser`, its cookie's secret) has attempts
   * of its own, so the account's limit, which strangers can use up, does not lock it out.
   *
   * @returns the session cookie's secret, the signed-in account, and a known-browser secret to keep
   *   when the browser was not known yet
   * @throws RateLimitedError past the per-address, per-account or per-browser attempts
   */
  async signIn(email: string, password: string, ip: string, now: Date, knownBrowser?: string): Promise<{ secret: string; signedIn: SignInSession; knownBrowser?: string } | undefined> {
    await consumeRateLimit(this.#limits, { bucket: `signin:ip:${ip}`, limit: SIGN_INS_PER_IP_PER_HOUR, windowMs: HOUR_MS, message: TOO_MANY_SIGN_INS }, now);
    const stored = await this.#accounts.passwordHash(email);
    const browser = knownBrowser && stored ? await this.#knownBrowserBucket(knownBrowser, stored.account.id, now) : undefined;
    await consumeRateLimit(this.#limits, { bucket: browser ?? accountSignInBucket(email), limit: SIGN_INS_PER_ACCOUNT_PER_HOUR, windowMs: HOUR_MS, message: TOO_MANY_SIGN_INS }, now);
    const matches = await verify(stored?.hash ?? (await (decoyHash ??= hash('decoy password that matches nothing'))), password.slice(0, 1000));
    if (!stored?.hash || !matches) return undefined;
    const secret = newSecret();
    const csrfToken = newSecret();
    await this.#sessions.insert(secretHash(secret), { accountId: stored.account.id, csrfToken, expiresAt: new Date(now.getTime() + SIGN_IN_SESSION_LIFETIME_MS) }, now);
    const newBrowser = browser ? undefined : await this.#issueToken(this.#db, stored.account.id, 'known-browser', KNOWN_BROWSER_LIFETIME_MS, now);
    if (newBrowser) await this.#tokens.keepNewest(stored.account.id, 'known-browser', KNOWN_BROWSERS_PER_ACCOUNT);
    return { secret, signedIn: { account: stored.account, csrfToken }, ...(newBrowser ? { knownBrowser: newBrowser } : {}) };
  }

  /** The attempts bucket of a browser known to this account, or undefined when the cookie is not one. */
  async #knownBrowserBucket(secret: string, accountId: number, now: Date): Promise<string | undefined> {
    const hashed = secretHash(secret);
    return (await this.#tokens.find(hashed, 'known-browser', now)) === accountId ? `signin:browser:${hashed}` : undefined;
  }

  /** The browser signed in with this cookie secret, or undefined. */
  async signInSession(secret: string, now: Date): Promise<SignInSession | undefined> {
    const session = await this.#sessions.find(secretHash(secret), now);
    if (!session) return undefined;
    const account = await this.#accounts.findById(session.accountId);
    return account && { account, csrfToken: session.csrfToken };
  }

  async signOut(secret: string): Promise<void> {
    await this.#sessions.delete(secretHash(secret));
  }

  /**
   * Takes a reset request for any address: counts it against the address's limit and queues it. The
   * lookup and the e-mail happen later ({@link sendPasswordReset}), so the answer takes the same time
   * whether or not the address has an account.
   *
   * @throws RateLimitedError past 10 requests an hour from one address
   */
  async requestPasswordReset(email: string, ip: string, now: Date): Promise<void> {
    await consumeRateLimit(this.#limits, { bucket: `reset:ip:${ip}`, limit: 10, windowMs: HOUR_MS, message: TOO_MANY_REQUESTS }, now);
    await this.#queue.enqueuePasswordReset({ email });
  }

  /** Mails a reset link when the address has an account (the queued part of a reset request). */
  async sendPasswordReset(email: string, now: Date): Promise<void> {
    const account = await this.#accounts.findByEmail(email);
    if (!account) return;
    await this.#db.transaction().execute(async (trx) => {
      const link = await this.#issueToken(trx, account.id, 'reset-password', RESET_LINK_LIFETIME_MS, now);
      await this.#queue.enqueueEmail(trx, resetPasswordMail(account.email, this.#baseUrl, link));
    });
  }

  /** Whether a reset link can still set a password (known, unused, not expired), without using it up. */
  async resetLinkUsable(token: string, now: Date): Promise<boolean> {
    return (await this.#tokens.find(secretHash(token), 'reset-password', now)) !== undefined;
  }

  /**
   * Sets a new password from a reset link, signs the account out everywhere, forgets its failed
   * sign-ins and its known browsers (whoever made them, the new password is the owner's). False when the link is unknown, used
   * or expired.
   *
   * @throws InvalidRequestError for a weak password (the link stays usable)
   */
  async resetPassword(token: string, password: string, now: Date): Promise<boolean> {
    const passwordHash = await hash(password);
    const email = await this.#db.transaction().execute(async (trx) => {
      const accountId = await this.#tokens.consume(trx, secretHash(token), 'reset-password', now);
      if (accountId === undefined) return undefined;
      const account = await this.#accounts.findById(accountId, trx);
      const problem = passwordProblem(password, account?.email ?? '');
      if (problem) throw new InvalidRequestError(problem);
      await this.#accounts.setPassword(trx, accountId, passwordHash);
      await this.#accounts.markVerified(trx, accountId, now);
      await this.#sessions.deleteForAccount(trx, accountId);
      // Whoever signed in before, the new password is the owner's: no browser keeps attempts of its own.
      await this.#tokens.deleteForAccount(trx, accountId, 'known-browser');
      return account?.email ?? '';
    });
    if (email === undefined) return false;
    await this.#limits.clear(accountSignInBucket(email));
    return true;
  }

  async #issueToken(trx: Kysely<Database>, accountId: number, purpose: TokenPurpose, lifetimeMs: number, now: Date): Promise<string> {
    const secret = newSecret();
    await this.#tokens.insert(trx, { hash: secretHash(secret), accountId, purpose, now, expiresAt: new Date(now.getTime() + lifetimeMs) });
    return secret;
  }
}

/** The bucket counting sign-in attempts on one account, whatever their address. */
function accountSignInBucket(email: string): string {
  return `signin:account:${normaliseEmail(email)}`;
}
