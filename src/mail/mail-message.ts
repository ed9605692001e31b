/** An e-mail as the service writes them: plain text, with an optional reply address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}
