/** An error whose status and message are meant for the caller, optionally with extra body fields. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
    this.headers = headers;
  }
}
