import type { MailMessage } from './mailer.ts';

/** To the owner of an address that someone tried to sign up with again: how to sign in or reset. */
export function signUpAgainMail(to: string, baseUrl: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your address',
    text: `Someone (perhaps you) tried to create a Solar Partner account with this address, which already has one.\n\nSign in: ${baseUrl}/auth/login\nForgot the password? ${baseUrl}/auth/forgot\n\nIf it was not you, you can ignore this message.`,
  };
}

/** The link that confirms a new account's address (valid for 48 hours). */
export function verifyAddressMail(to: string, baseUrl: string, token: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: `Welcome to Solar Partner.\n\nConfirm your address with this link (valid for 48 hours):\n${baseUrl}/auth/verify?token=${token}\n\nIf you did not sign up, ignore this message.`,
  };
}

/** The link that sets a new password (valid for one hour). */
export function resetPasswordMail(to: string, baseUrl: string, token: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text: `Choose a new password with this link (valid for one hour):\n${baseUrl}/auth/reset?token=${token}\n\nIf you did not ask for it, ignore this message: your password stays as it is.`,
  };
}
