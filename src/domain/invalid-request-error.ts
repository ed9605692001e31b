/** A request breaks a rule of the interface; the message is meant for the caller (HTTP 400). */
export class InvalidRequestError extends Error {}
