/** The caller may not do this (plan or account state); the message says what is missing (HTTP 403). */
export class NotAllowedError extends Error {}
