import { z } from 'zod';
import { BinanceCode, BinanceError } from '../../binance/protocol/binance-error';
import { booleanParam, mandatory, parseParams } from '../../binance/binance-params';
import { requestId, type RequestId } from '../stream-requests';

/**
 * The vocabulary of Binance's WebSocket API (`/ws-api/v3`): a request `{id, method, params}`, its
 * answer `{id, status, result | error, rateLimits}`, the methods a connection answers itself and
 * their weights (the others are the REST API's endpoints: ws-api-methods.ts).
 */

/** Binance's weight of each method a connection answers itself: its session and subscriptions. */
export const METHOD_WEIGHTS = {
  'session.logon': 2,
  'session.status': 2,
  'session.logout': 2,
  'session.subscriptions': 2,
  'userDataStream.subscribe': 2,
  'userDataStream.subscribe.signature': 2,
  'userDataStream.unsubscribe': 2,
} as const;
export type WsApiMethod = keyof typeof METHOD_WEIGHTS;

export const isConnectionMethod = (method: string): method is WsApiMethod => Object.hasOwn(METHOD_WEIGHTS, method);

export interface WsApiRequest {
  id: RequestId;
  /** Without the version a client may prefix it with (`v3/order.place`). */
  method: string;
  /** Each parameter as text, as a query string would carry it (what signatures are computed over). */
  params: Record<string, string>;
  /** Whether to answer with `rateLimits`, when the request says (`returnRateLimits`). */
  returnRateLimits?: boolean;
}

/** What every request may carry beside its method's own parameters: its answer's `rateLimits` or none. */
const requestOptions = z.object({ returnRateLimits: booleanParam('returnRateLimits').optional() });

/** The parameters a method reads: without the request's options, nor the key (the connection reads it). */
export function methodParams(params: Record<string, string>): Record<string, string> {
  const read: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(params))
    if (name !== 'apiKey' && !Object.hasOwn(requestOptions.shape, name)) read[name] = value;
  return read;
}

/** A request that cannot be run, with the id it is answered with (null when even that could not be read). */
export class WsApiRefusal extends Error {
  constructor(
    readonly id: RequestId,
    readonly error: BinanceError,
  ) {
    super(error.message);
  }
}

const malformed = (what: string) =>
  new BinanceError(400, BinanceCode.MANDATORY_PARAM_EMPTY_OR_MALFORMED, `Malformed request: ${what}.`);

const envelope = z
  .object({ id: z.unknown().optional(), method: z.unknown().optional(), params: z.unknown().optional() })
  .loose();

/**
 * A parameter's JSON value as its text: strings as they are, numbers and booleans as JSON writes
 * them, a list of strings as its JSON (`symbols`, as the REST API takes it).
 */
function paramText(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return JSON.stringify(value);
  throw mandatory(name);
}

/** Binance takes a method's name with its API's version before it. */
const VERSION_PREFIX = 'v3/';

/** The request in a text frame, or the WsApiRefusal it is answered with; `served` says which methods are. */
export function parseWsApiRequest(text: string | null, served: (method: string) => boolean): WsApiRequest {
  if (text === null) throw new WsApiRefusal(null, malformed('a text frame was expected'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WsApiRefusal(null, malformed('invalid JSON'));
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw new WsApiRefusal(null, malformed('a JSON object was expected'));
  const id = requestId.safeParse(parsed.data.id ?? null);
  if (!id.success) throw new WsApiRefusal(null, mandatory('id'));
  const refuse = (error: BinanceError) => new WsApiRefusal(id.data, error);
  const { params } = parsed.data;
  const named = parsed.data.method;
  const method = typeof named !== 'string' ? null : named.startsWith(VERSION_PREFIX) ? named.slice(3) : named;
  if (method === null || !served(method)) throw refuse(malformed(`unknown method ${JSON.stringify(named)}`));
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
    throw refuse(mandatory('params'));
  const texts: Record<string, string> = Object.create(null);
  let options: z.output<typeof requestOptions>;
  try {
    for (const [name, value] of Object.entries(params ?? {})) texts[name] = paramText(name, value);
    const sent = texts.returnRateLimits;
    options = parseParams(requestOptions, sent === undefined ? {} : { returnRateLimits: sent });
  } catch (error) {
    throw refuse(error as BinanceError);
  }
  return { id: id.data, method, params: texts, ...options };
}

/** What a signed request's signature covers here: every parameter but `signature`, sorted by name, as `name=value` joined by `&`. */
export const signedPayload = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
