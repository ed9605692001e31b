import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** The MCP revision served natively; the SDK keeps its own name for it private. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** Every protocol revision the endpoint speaks, newest first. */
export const PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

/** JSON-RPC 2.0 error codes used at the edge. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

interface JsonRpcError {
  jsonrpc?: string;
  id?: unknown;
  error: { code: number; message: string; data?: unknown };
}

interface SchemaIssue {
  code?: string;
  path?: (string | number)[];
  expected?: string;
  message?: string;
}

/**
 * Why an `MCP-Protocol-Version` header is not a protocol revision at all, naming the revisions served;
 * undefined for a revision (a date), served or not: the SDK answers an unknown revision itself, with the
 * error code and the list of revisions that let a client negotiate one both speak.
 */
export function unsupportedVersionMessage(header: string | undefined): string | undefined {
  if (header === undefined || /^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  return `MCP-Protocol-Version ${header.slice(0, 40)} is not supported; send one of ${PROTOCOL_VERSIONS.join(', ')} (or leave the header out before initialize)`;
}

/**
 * Rewrites the SDK's protocol errors for the caller: a request of the wrong shape is reported by the SDK
 * as a dump of its schema library's issues (and, for `initialize`, as an internal error). This turns such
 * a dump into one sentence per issue (`params.arguments must be a JSON object, not null`) with the
 * invalid-params code, and lists the tools where one is unknown. Other messages pass unchanged.
 *
 * @param method the method of the request this answers, when known
 */
function plainProtocolError<T>(message: T, method: string | undefined, toolNames: readonly string[]): T {
  if (!isError(message)) return message;
  const { error } = message;
  if (/^Tool .* not found$/.test(error.message)) return { ...message, error: { ...error, message: `${error.message}; the tools are ${toolNames.join(', ')}` } };
  const issues = schemaIssues(error.message);
  if (!issues) return message;
  const sentence = issues.map(describeIssue).join('; ');
  const code = error.code === INTERNAL_ERROR ? INVALID_PARAMS : error.code;
  return { ...message, error: { code, message: `Invalid ${method ?? 'JSON-RPC'} request: ${sentence}` } };
}

function isError(message: unknown): message is JsonRpcError {
  const error = (message as JsonRpcError | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.message === 'string';
}

/** The schema issues dumped as JSON inside an SDK message, or undefined when it holds none. */
function schemaIssues(message: string): SchemaIssue[] | undefined {
  const start = message.indexOf('[');
  if (start < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(message.slice(start));
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((issue) => typeof issue === 'object' && issue !== null && 'path' in issue)) return undefined;
    return parsed as SchemaIssue[];
  } catch {
    return undefined;
  }
}

const KINDS: Record<string, string> = { record: 'a JSON object', object: 'a JSON object', string: 'a string', number: 'a number', array: 'an array', boolean: 'true or false' };

function describeIssue(issue: SchemaIssue): string {
  const field = (issue.path ?? []).join('.') || 'the message';
  const kind = issue.expected ? (KINDS[issue.expected] ?? issue.expected) : undefined;
  if (issue.code === 'invalid_type' && kind) {
    const received = /received (\w+)/.exec(issue.message ?? '')?.[1];
    return received === 'undefined' ? `${field} is missing (${kind})` : `${field} must be ${kind}${received ? `, not ${received}` : ''}`;
  }
  return `${field}: ${(issue.message ?? 'is not valid').replace(/^Invalid input: /, '')}`;
}

type Message = { id?: unknown; method?: unknown };

/** The id of a single request (for an error about the whole request), else null. */
export function singleRequestId(body: unknown): unknown {
  return Array.isArray(body) ? null : ((body as Message | null)?.id ?? null);
}

/**
 * Rewords the SDK's answers to a request body (one message or a batch): each answer's protocol error in
 * words ({@link plainProtocolError}), naming the method of the request it answers. Takes and gives JSON
 * text; text that is not JSON passes unchanged.
 */
export function answerRewording(body: unknown, toolNames: readonly string[]): (text: string) => string {
  const methods = new Map<unknown, string>();
  for (const message of (Array.isArray(body) ? body : [body]) as (Message | null)[]) {
    if (message?.id !== undefined && typeof message.method === 'string') methods.set(message.id, message.method);
  }
  const plain = (message: unknown) => plainProtocolError(message, methods.get((message as Message | null)?.id), toolNames);
  return (text) => {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return text;
    }
    return JSON.stringify(Array.isArray(payload) ? payload.map(plain) : plain(payload));
  };
}
