import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../domain/credentials.ts';
import { InvalidRequestError } from '../../domain/invalid-request-error.ts';
import { RateLimitedError } from '../../domain/rate-limited-error.ts';
import { checkForm, cookieOptions, FORM_CSRF_COOKIE, formToken, KNOWN_BROWSER_COOKIE, SESSION_COOKIE, setKnownBrowserCookie, setSessionCookie, signedIn } from '../browser-auth.ts';
import { checkMailPage, forgotPage, resetPage, signInPage, signUpPage, verifiedPage } from '../pages/auth-pages.ts';
import { sendPage } from '../pages/send-page.ts';

const Csrf = Type.String({ maxLength: 100 });
const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
const Token = Type.String({ maxLength: 100 });
const SignUpForm = Type.Object({ _csrf: Csrf, email: Email, password: Password });
const SignInForm = Type.Object({ _csrf: Csrf, email: Email, password: Password });
const ForgotForm = Type.Object({ _csrf: Csrf, email: Email });
const ResetForm = Type.Object({ _csrf: Csrf, token: Token, password: Password });
const TokenQuery = Type.Object({ token: Type.Optional(Token) });
const hidden = { hide: true } as const;

/**
 * Sign-up, e-mail verification, sign-in, sign-out and password reset: plain server-rendered forms,
 * protected against forgery, with answers that never reveal whether an address has an account.
 */
export const authRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicBaseUrl: string }> = async (app, { services, publicBaseUrl }) => {
  const formCookie = (cookies: Record<string, string | undefined>) => cookies[FORM_CSRF_COOKIE];
  app.get('/auth/signup', { schema: hidden }, async (request, reply) => sendPage(reply, signUpPage({ csrf: formToken(request, reply, publicBaseUrl) })));
  app.post('/auth/signup', { schema: { ...hidden, body: SignUpForm } }, async (request, reply) => {
    checkForm(request, publicBaseUrl, request.body._csrf, formCookie(request.cookies));
    const { email, password } = request.body;
    try {
      await services.accounts.signUp(email, password, request.ip, services.now());
    } catch (error) {
      if (error instanceof InvalidRequestError || error instanceof RateLimitedError) {
        return sendPage(reply, signUpPage({ csrf: request.body._csrf, email, error: error.message }), error instanceof RateLimitedError ? 429 : 400);
      }
      throw error;
    }
    return sendPage(reply, checkMailPage(email.trim()));
  });

  app.get('/auth/verify', { schema: { ...hidden, querystring: TokenQuery } }, async (request, reply) => {
    const ok = request.query.token ? await services.accounts.verifyEmail(request.query.token, services.now()) : false;
    return sendPage(reply, verifiedPage(ok), ok ? 200 : 400);
  });

  app.get('/auth/login', { schema: { ...hidden, querystring: Type.Object({ done: Type.Optional(Type.Literal('signed-out')) }) } }, async (request, reply) => {
    if (await signedIn(request, services)) return reply.redirect('/partner', 303);
    const info = request.query.done === 'signed-out' ? 'You are signed out.' : undefined;
    return sendPage(reply, signInPage({ csrf: formToken(request, reply, publicBaseUrl), ...(info ? { info } : {}) }));
  });
  app.post('/auth/login', { schema: { ...hidden, body: SignInForm } }, async (request, reply) => {
    checkForm(request, publicBaseUrl, request.body._csrf, formCookie(request.cookies));
    const { email, password } = request.body;
    try {
      const result = await services.accounts.signIn(email, password, request.ip, services.now(), request.cookies[KNOWN_BROWSER_COOKIE]);
      if (!result) return sendPage(reply, signInPage({ csrf: request.body._csrf, email, error: 'The e-mail address or the password is not right.' }), 401);
      setSessionCookie(reply, result.secret, publicBaseUrl);
      if (result.knownBrowser) setKnownBrowserCookie(reply, result.knownBrowser, publicBaseUrl);
      return reply.redirect('/partner', 303);
    } catch (error) {
      if (error instanceof RateLimitedError) return sendPage(reply.header('retry-after', String(error.state.resetSeconds)), signInPage({ csrf: request.body._csrf, email, error: error.message }), 429);
      throw error;
    }
  });

  app.post('/auth/logout', { schema: { ...hidden, body: Type.Object({ _csrf: Csrf }) } }, async (request, reply) => {
    const viewer = await signedIn(request, services);
    if (viewer) {
      checkForm(request, publicBaseUrl, request.body._csrf, viewer.csrfToken);
      await services.accounts.signOut(request.cookies[SESSION_COOKIE]!);
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions(publicBaseUrl));
    return reply.redirect('/auth/login?done=signed-out', 303);
  });

  app.get('/auth/forgot', { schema: hidden }, async (request, reply) => sendPage(reply, forgotPage({ csrf: formToken(request, reply, publicBaseUrl) })));
  app.post('/auth/forgot', { schema: { ...hidden, body: ForgotForm } }, async (request, reply) => {
    checkForm(request, publicBaseUrl, request.body._csrf, formCookie(request.cookies));
    try {
      await services.accounts.requestPasswordReset(request.body.email, request.ip, services.now());
    } catch (error) {
      if (error instanceof RateLimitedError) return sendPage(reply, forgotPage({ csrf: request.body._csrf, email: request.body.email, error: error.message }), 429);
      throw error;
    }
    return sendPage(reply, forgotPage({ csrf: request.body._csrf, email: request.body.email.trim(), sent: true }));
  });

  app.get('/auth/reset', { schema: { ...hidden, querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    // A used or expired link says so at once, not after a new password was typed.
    const usable = token !== '' && (await services.accounts.resetLinkUsable(token, services.now()));
    return sendPage(reply, resetPage({ csrf: formToken(request, reply, publicBaseUrl), token, invalid: !usable }));
  });
  app.post('/auth/reset', { schema: { ...hidden, body: ResetForm } }, async (request, reply) => {
    checkForm(request, publicBaseUrl, request.body._csrf, formCookie(request.cookies));
    const { token, password } = request.body;
    try {
      const ok = await services.accounts.resetPassword(token, password, services.now());
      if (!ok) return sendPage(reply, resetPage({ csrf: request.body._csrf, token, invalid: true }), 400);
    } catch (error) {
      if (error instanceof InvalidRequestError) return sendPage(reply, resetPage({ csrf: request.body._csrf, token, error: error.message }), 400);
      throw error;
    }
    return sendPage(reply, signInPage({ csrf: request.body._csrf, info: 'Your new password is saved. Sign in with it.' }));
  });
};
