/** An e-mail as the service writes them: plain text, with an optional reply address and attachments. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent along (the site report with a lead); kept base64 so the queued job stays JSON. */
  attachments?: MailAttachment[];
}

/** A file sent with an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}
