import { z } from 'zod';
import { BinanceCode, BinanceError } from '../../binance/protocol/binance-error';
import { mandatory } from '../../binance/binance-params';
import { requestId, type RequestId } from '../stream-requests';

/**
 * The vocabulary of Binance's WebSocket API (`/ws-api/v3`): a request `{id, method, params}`, its
 * answer `{id, status, result | error, rateLimits}`, the methods served here and their weights.
 */

/** Binance's weight of each method served here. */
export const METHOD_WEIGHTS = {
  ping: 1,
  time: 1,
  'session.logon': 2,
  'session.status': 2,
  'session.logout': 2,
  'session.subscriptions': 2,
  'userDataStream.subscribe': 2,
  'userDataStream.subscribe.signature': 2,
  'userDataStream.unsubscribe': 2,
} as const;
export type WsApiMethod = keyof typeof METHOD_WEIGHTS;

export interface WsApiRequest {
  id: RequestId;
  method: WsApiMethod;
  /** Each parameter as text, as a query string would carry it (what signatures are computed over). */
  params: Record<string, string>;
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

/** A parameter's JSON value as its text: strings as they are, numbers and booleans as JSON writes them. */
function paramText(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  throw mandatory(name);
}

/** The request in a text frame, or the WsApiRefusal it is answered with. */
export function parseWsApiRequest(text: string | null): WsApiRequest {
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
  const { method, params } = parsed.data;
  if (typeof method !== 'string' || !Object.hasOwn(METHOD_WEIGHTS, method))
    throw refuse(malformed(`unknown method ${JSON.stringify(method)}`));
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
    throw refuse(mandatory('params'));
  const texts: Record<string, string> = Object.create(null);
  try {
    for (const [name, value] of Object.entries(params ?? {})) texts[name] = paramText(name, value);
  } catch (error) {
    throw refuse(error as BinanceError);
  }
  return { id: id.data, method: method as WsApiMethod, params: texts };
}

/** What a signed request's signature covers here: every parameter but `signature`, sorted by name, as `name=value` joined by `&`. */
export const signedPayload = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
