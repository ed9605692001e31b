import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMETERS = ['key', 'token', 'api_key'];

/**
 * Replaces the values of secret query parameters (the embed's `key`) with `[redacted]`. Names are read
 * decoded, as the query parser reads them: `%6Bey=` is a `key` too.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.includes('#') ? url.indexOf('#') : url.length;
  const pairs = url.slice(start + 1, end).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    return SECRET_PARAMETERS.includes(decodedName(name).toLowerCase()) && equals >= 0 ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, start + 1)}${pairs.join('&')}${url.slice(end)}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
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
