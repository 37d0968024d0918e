import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { BinanceApiDeps } from './binance-deps';
import { parseParams, queryParams } from './binance-params';
import type { Weight } from './request-weight';
import { authenticateApiKey, authenticateSigned, type KeyPermission } from './signed-request';

/**
 * One of Binance's endpoints as the REST API (a route) and the WebSocket API (a method) both serve
 * it: its weight, its security, its parameters, and its work, a function of the parameters read
 * and the caller that answers the body. Each transport only authenticates, reads the parameters
 * (text in both) and delivers the answer.
 */

/**
 * Binance's security types: none (public market data), the key alone (MARKET_DATA, whose timestamp
 * and signature clients add are taken unchecked; USER_STREAM, the listenKeys), a signed request.
 */
export type Security = 'NONE' | 'MARKET_DATA' | 'USER_STREAM' | 'USER_DATA' | 'TRADE';

/** Whether a keyed security type is served on the key alone, without a signature. */
export const keyAlone = (security: Exclude<Security, 'NONE'>): security is 'MARKET_DATA' | 'USER_STREAM' =>
  security === 'MARKET_DATA' || security === 'USER_STREAM';

/** Who called an endpoint with a key, however the request came. */
export interface EndpointCaller {
  userId: string;
  keyId: string;
  /** The key may trade; every key reads. */
  canTrade: boolean;
  /** Counts a new order of the caller towards the order limits (request-weight.ts): 429 and -1015 past one. */
  countOrder(): Promise<void>;
}

export interface Endpoint<Shape extends z.ZodRawShape = z.ZodRawShape, S extends Security = Security> {
  security: S;
  /** Binance's weight, computed from the parameters sent where it depends on them. */
  weight: Weight;
  /** It places orders: they count towards the order limits, and its weight is counted with them over HTTP. */
  placesOrders?: true;
  schema: z.ZodObject<Shape>;
  answer(params: z.output<z.ZodObject<Shape>>, caller: S extends 'NONE' ? null : EndpointCaller): unknown;
}

/** An endpoint of any shape, as tables of them hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, Security>;

/** An endpoint, its parameters' type inferred from its schema. */
export const endpoint = <Shape extends z.ZodRawShape, S extends Security>(
  definition: Endpoint<Shape, S>,
): AnyEndpoint => definition as AnyEndpoint;

/** A public endpoint (market data) of Binance's `weight`: its parameters checked by `schema`, its answer from `answer`. */
export const publicEndpoint = <Shape extends z.ZodRawShape>(
  weight: Weight,
  schema: z.ZodObject<Shape>,
  answer: (params: z.output<z.ZodObject<Shape>>) => unknown,
): AnyEndpoint => endpoint({ security: 'NONE', weight, schema, answer: (params) => answer(params) });

/** What a signed endpoint's key must allow. */
export const permissionOf = (security: 'USER_DATA' | 'TRADE'): KeyPermission =>
  security === 'TRADE' ? 'trade' : 'read';

/** An HTTP verb a route answers. */
export type Verb = 'get' | 'post' | 'put' | 'delete';

/** A route of a group's table: `endpoint` served at `verb path`. */
export type Route = readonly [verb: Verb, path: string, endpoint: AnyEndpoint];

/** The routes that GET each endpoint of `byPath` at its path, in its order. */
export const getRoutes = (byPath: ReadonlyMap<string, AnyEndpoint>): Route[] =>
  [...byPath].map(([path, served]) => ['get', path, served]);

/** Adds each of `routes` to the REST router, in their order (see addEndpoint). */
export function addEndpoints(router: Router, deps: BinanceApiDeps, routes: readonly Route[]): void {
  for (const [verb, path, served] of routes) addEndpoint(router, deps, verb, path, served);
}

/**
 * Adds `endpoint` to the REST router at `verb path`: its weight counted first (an order's with its
 * counts, in one call: request-weight.ts), then the caller authenticated as its security says,
 * the parameters read, and the answer is the body.
 */
function addEndpoint(router: Router, deps: BinanceApiDeps, verb: Verb, path: string, endpoint: AnyEndpoint): void {
  const weight = endpoint.placesOrders ? deps.limits.orderWeight(endpoint.weight) : deps.limits.weight(endpoint.weight);
  router[verb](path, weight, serve(endpoint, deps));
}

function serve(endpoint: AnyEndpoint, deps: BinanceApiDeps): Middleware {
  const { security, schema } = endpoint;
  return async (ctx: Context) => {
    if (security === 'NONE') {
      ctx.body = await endpoint.answer(parseParams(schema, queryParams(ctx.querystring)), null);
      return;
    }
    const caller = keyAlone(security)
      ? await authenticateApiKey(ctx, deps)
      : await authenticateSigned(ctx, deps, permissionOf(security));
    const params = parseParams(schema, caller.params, security !== 'USER_STREAM');
    ctx.body = await endpoint.answer(params, {
      userId: caller.userId,
      keyId: caller.keyId,
      canTrade: caller.canTrade,
      countOrder: () => deps.limits.countOrder(ctx, caller.userId),
    });
  };
}
