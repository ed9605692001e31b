import { PASSWORD_MIN_LENGTH } from '../../domain/credentials.ts';
import { notice, page } from './layout.ts';
import { html } from './safe-html.ts';

/** Form state shown again after a mistake: what was typed (never the password) and what went wrong. */
export interface FormState {
  csrf: string;
  email?: string;
  error?: string;
  info?: string;
}

export function signUpPage(state: FormState): string {
  return page('Create an account', html`<div class="narrow">
<h1>Create your account</h1>
<p class="lead">Free to start. A Business plan (99 EUR a month) adds API keys, the embeddable viewer with lead capture and the Partner Portal; Pro (19 EUR a month) adds the Solar Wizard and HD models in the viewer.</p>
${notice('error', state.error)}
<form class="stack card" method="post" action="/auth/signup" novalidate>
<input type="hidden" name="_csrf" value="${state.csrf}">
<label>E-mail address<input type="email" name="email" autocomplete="email" required value="${state.email ?? ''}"></label>
<label>Password <span class="hint">At least ${PASSWORD_MIN_LENGTH} characters.</span><input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}"></label>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/auth/login">Sign in</a>.</p></div>`);
}

export function checkMailPage(email: string): string {
  return page('Check your e-mail', html`<div class="narrow"><h1>Check your e-mail</h1>
<p class="lead">We sent a message to <strong>${email}</strong>. Open the link in it to confirm your address, then sign in.</p>
<p class="muted">No message after a few minutes? Look in the spam folder, or <a href="/auth/signup">try again</a>.</p></div>`);
}

export function verifiedPage(ok: boolean): string {
  return page(ok ? 'Address confirmed' : 'Link not valid', ok
    ? html`<div class="narrow"><h1>Your address is confirmed</h1><p class="lead">You can sign in now.</p><p><a class="button" href="/auth/login">Sign in</a></p></div>`
    : html`<div class="narrow"><h1>This link is not valid</h1><p class="lead">It may have expired (links last 48 hours) or been used already.</p><p><a href="/auth/login">Sign in</a> or <a href="/auth/signup">sign up again</a>.</p></div>`);
}

export function signInPage(state: FormState): string {
  // Refused: the address stays typed, and the password field takes the focus, described by the message.
  return page('Sign in', html`<div class="narrow">
<h1>Sign in</h1>
${notice('ok', state.info)}${notice('error', state.error, 'sign-in-error')}
<form class="stack card" method="post" action="/auth/login" novalidate>
<input type="hidden" name="_csrf" value="${state.csrf}">
<label>E-mail address<input type="email" name="email" autocomplete="email" required value="${state.email ?? ''}"></label>
<label>Password<input type="password" name="password" autocomplete="current-password" required${state.error ? html` autofocus aria-describedby="sign-in-error"` : undefined}></label>
<button type="submit">Sign in</button>
</form>
<p><a href="/auth/forgot">Forgot the password?</a> · <a href="/auth/signup">Create an account</a></p></div>`);
}

export function forgotPage(state: FormState & { sent?: boolean }): string {
  return page('Reset the password', html`<div class="narrow">
<h1>Reset the password</h1>
${state.sent
    ? html`<p class="message ok" role="status">If <strong>${state.email ?? ''}</strong> has an account, a message with a reset link is on its way. The link works for one hour.</p>`
    : html`${notice('error', state.error)}<p class="lead">Enter the address of your account; we will e-mail a link to choose a new password.</p>
<form class="stack card" method="post" action="/auth/forgot" novalidate>
<input type="hidden" name="_csrf" value="${state.csrf}">
<label>E-mail address<input type="email" name="email" autocomplete="email" required value="${state.email ?? ''}"></label>
<button type="submit">Send the link</button></form>`}
<p><a href="/auth/login">Back to sign in</a></p></div>`);
}

export function resetPage(state: FormState & { token: string; invalid?: boolean }): string {
  return page('Choose a new password', state.invalid
    ? html`<div class="narrow"><h1>This link is not valid</h1><p class="lead">Reset links last one hour and work once.</p><p><a href="/auth/forgot">Ask for a new link</a></p></div>`
    : html`<div class="narrow"><h1>Choose a new password</h1>${notice('error', state.error)}
<form class="stack card" method="post" action="/auth/reset" novalidate>
<input type="hidden" name="_csrf" value="${state.csrf}"><input type="hidden" name="token" value="${state.token}">
<label>New password <span class="hint">At least ${PASSWORD_MIN_LENGTH} characters.</span><input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}"></label>
<button type="submit">Save the password</button></form></div>`);
}
