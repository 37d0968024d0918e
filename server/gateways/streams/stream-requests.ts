import { z } from 'zod';

/**
 * What a client may send on a stream connection, Binance's "live subscribing" methods, and the
 * answers: `{result, id}`, or `{error: {code, msg}, id}` with Binance's codes (0: unknown property,
 * 1: a value of the wrong type, 2: an invalid request, 3: invalid JSON).
 */
export const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'] as const;
export type Method = (typeof METHODS)[number];

/** Binance takes an unsigned integer, a short string or null as a request's id, and answers with it. */
export const requestId = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(36), z.null()]);
export type RequestId = z.infer<typeof requestId>;

export type StreamRequest =
  | { method: 'SUBSCRIBE' | 'UNSUBSCRIBE'; streams: string[]; id: RequestId }
  | { method: 'LIST_SUBSCRIPTIONS'; id: RequestId }
  | { method: 'SET_PROPERTY'; property: string; value: unknown; id: RequestId }
  | { method: 'GET_PROPERTY'; property: string; id: RequestId };

export class StreamRequestError extends Error {
  constructor(
    readonly code: 0 | 1 | 2 | 3,
    msg: string,
    readonly id: RequestId = null,
  ) {
    super(msg);
  }
}

export const answer = (result: unknown, id: RequestId) => JSON.stringify({ result, id });
export const errorAnswer = (error: StreamRequestError) =>
  JSON.stringify({ error: { code: error.code, msg: error.message }, id: error.id });

const envelope = z.object({ method: z.unknown(), params: z.unknown().optional(), id: z.unknown() }).loose();

/** The request in a text frame, or the StreamRequestError Binance would answer it with. */
export function parseRequest(text: string): StreamRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StreamRequestError(3, `Invalid JSON: ${(error as Error).message}`);
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success || parsed.data.method === undefined)
    throw new StreamRequestError(2, 'Invalid request: missing field `method`');
  const { method, params } = parsed.data;
  const id = requestId.safeParse(parsed.data.id ?? null);
  if (!id.success) throw new StreamRequestError(2, 'Invalid request: request ID must be an unsigned integer');
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method))
    throw new StreamRequestError(
      2,
      `Invalid request: unknown variant ${JSON.stringify(method)}, expected one of ${METHODS.map((m) => `\`${m}\``).join(', ')}`,
      id.data,
    );
  const list = params === undefined ? [] : params;
  if (!Array.isArray(list)) throw new StreamRequestError(2, 'Invalid request: params must be an array', id.data);
  switch (method as Method) {
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE':
      if (!list.every((name): name is string => typeof name === 'string'))
        throw new StreamRequestError(2, 'Invalid request: stream name must be a string', id.data);
      return { method: method as 'SUBSCRIBE' | 'UNSUBSCRIBE', streams: list, id: id.data };
    case 'LIST_SUBSCRIPTIONS':
      return { method: 'LIST_SUBSCRIPTIONS', id: id.data };
    case 'SET_PROPERTY':
    case 'GET_PROPERTY': {
      const [property, value, ...rest] = list as unknown[];
      if (typeof property !== 'string')
        throw new StreamRequestError(2, 'Invalid request: property name must be a string', id.data);
      if (method === 'GET_PROPERTY') return { method, property, id: id.data };
      if (rest.length > 0) throw new StreamRequestError(2, 'Invalid request: too many parameters', id.data);
      return { method: 'SET_PROPERTY', property, value, id: id.data };
    }
  }
}
