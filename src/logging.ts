import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMETERS = ['key', 'token', 'api_key'];

/** Replaces the values of secret query parameters (the embed's `key`) with `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(new RegExp(`([?&](?:${SECRET_PARAMETERS.join('|')})=)[^&#]*`, 'gi'), '$1[redacted]');
}

/** Logger options for the service: JSON lines, secrets (Authorization, embed keys, cookies) removed. */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

/** A logger for processes without an HTTP server (worker, CLI). */
export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
