import { EMAIL_PATTERN } from '../contract/email.ts';

/** Passwords: long enough to resist guessing, short enough to hash quickly (argon2 reads all of it). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** What is wrong with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'The password must not be the e-mail address.';
  return undefined;
}

const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

/** Whether a text looks like one e-mail address (a plain shape check; the verification link proves it). */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text.trim());
}
