import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import type { ApiKeyAccess } from '../../../identity/api-keys/api-keys.module';
import { BinanceCode, BinanceError, knownBinanceError, UNKNOWN_MESSAGE } from '../../binance/protocol/binance-error';
import { integerParam, mandatory, parseParams } from '../../binance/binance-params';
import {
  keyAlone,
  permissionOf,
  type AnyEndpoint,
  type EndpointCaller,
  type Security,
} from '../../binance/binance-endpoint';
import { weightOf, type BinanceRateLimit, type RequestLimits } from '../../binance/request-weight';
import {
  callerOf,
  checkSessionRequest,
  checkSigned,
  usableKey,
  type BinanceCaller,
} from '../../binance/signed-request';
import type { ApiKeyGrant } from '../../../identity/api-keys/api-key-lookup';
import type { Outages } from '../../../platform/health/outages';
import type { Logger } from '../../../platform/logger/logger';
import type { Pinged } from '../keep-alive';
import { sendUnlessBehind } from '../stream-connection';
import type { RequestId } from '../stream-requests';
import type { ApiSubscription, UserStreams } from './user-streams';
import {
  isConnectionMethod,
  METHOD_WEIGHTS,
  methodParams,
  parseWsApiRequest,
  signedPayload,
  WsApiRefusal,
  type WsApiMethod,
  type WsApiRequest,
} from './ws-api-requests';

/** What a WebSocket API connection is served with. */
export interface WsApiDeps {
  apiKeys: ApiKeyAccess;
  limits: RequestLimits;
  userStreams: UserStreams;
  logger: Logger;
  outages: Outages;
  /** The methods that are the REST API's endpoints (ws-api-methods.ts). */
  endpoints: ReadonlyMap<string, AnyEndpoint>;
}

/** One of `rateLimits`: a limit and what it has counted. */
type RateLimitCount = BinanceRateLimit & { count: number };

/** User data stream subscriptions one connection may hold at once (one per account). */
export const MAX_SUBSCRIPTIONS = 100;

const noParams = z.object({});
const unsubscribeParams = z.object({ subscriptionId: integerParam('subscriptionId').optional() });
/** What a signed request carries here (the key travels as `apiKey`); checkSigned reads the others. */
const signedParams = z.object({
  apiKey: z.string(),
  timestamp: z.string().optional(),
  recvWindow: z.string().optional(),
  signature: z.string().optional(),
});

const notLoggedOn = () =>
  new BinanceError(401, BinanceCode.UNAUTHORIZED, 'You are not authorized to execute this request.');
const invalidSubscription = () =>
  new BinanceError(400, BinanceCode.INVALID_PARAMETER, "Data sent for parameter 'subscriptionId' is not valid.");

/** The key a signed request of this connection was made with, once checked. */
interface Signer {
  apiKey: string;
  caller: BinanceCaller;
}

/**
 * One client of the WebSocket API: its requests, answered in Binance's shape with the request
 * weight used (`rateLimits`, and the order counts for an order), its session (session.logon:
 * requests signed once for the connection) and its user data stream subscriptions, whose events it
 * receives as `{subscriptionId, event}`. Every request costs its weight of the client address's
 * limit, shared with the REST API's; the REST API's endpoints are served as their routes serve
 * them, the caller being the request's signer or else the session's.
 */
export class WsApiConnection implements Pinged {
  lastPongAt = Date.now();
  private readonly connectedSince = Date.now();
  private session: (Signer & { authorizedSince: number }) | null = null;
  private readonly subscriptions = new Map<number, ApiSubscription & { viaSession: boolean }>();
  private nextSubscriptionId = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly address: string,
    private readonly deps: WsApiDeps,
    /** Whether answers carry `rateLimits` unless a request says (the connection URL's `returnRateLimits`). */
    private readonly returnRateLimits = true,
  ) {
    socket.on('message', (data, isBinary) => void this.onMessage(data, isBinary));
    socket.on('pong', () => (this.lastPongAt = Date.now()));
    // A protocol error (an oversized or malformed frame) closes the socket; without a listener it would be thrown.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      for (const subscription of this.subscriptions.values()) deps.userStreams.unsubscribe(subscription);
      this.subscriptions.clear();
    });
  }

  ping(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.ping();
  }

  terminate(): void {
    this.socket.terminate();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  private async onMessage(data: RawData, isBinary: boolean) {
    let request: WsApiRequest;
    try {
      request = parseWsApiRequest(isBinary ? null : data.toString(), this.serves);
    } catch (error) {
      if (!(error instanceof WsApiRefusal)) throw error;
      this.answer(error.id, { error: error.error }, []);
      return;
    }
    const { id, method, params } = request;
    const rateLimits: RateLimitCount[] = [];
    const shown = () => ((request.returnRateLimits ?? this.returnRateLimits) ? rateLimits : null);
    try {
      const endpoint = this.deps.endpoints.get(method);
      const cost = endpoint ? weightOf(endpoint.weight, { query: params }) : METHOD_WEIGHTS[method as WsApiMethod];
      const { rateLimit, refusal } = await this.deps.limits.spendWeight(this.address, cost);
      // A limit of 0 is none: nothing to report.
      if (rateLimit.limit > 0) rateLimits.push(rateLimit);
      if (refusal) throw refusal;
      const result = endpoint
        ? await this.serve(endpoint, params, rateLimits)
        : await this.run(method as WsApiMethod, params);
      this.answer(id, { result }, shown());
    } catch (error) {
      // As the REST surface answers: an outage is 503 (logged once, by `outages`), not a line per request.
      const known = knownBinanceError(error, this.deps.outages);
      if (!known) this.deps.logger.error({ err: error, method }, 'WebSocket API request failed');
      this.answer(id, { error: known ?? new BinanceError(500, BinanceCode.UNKNOWN, UNKNOWN_MESSAGE) }, shown());
    }
  }

  private readonly serves = (method: string) => isConnectionMethod(method) || this.deps.endpoints.has(method);

  /**
   * One of the REST API's endpoints: its caller as its security says (a signed request, or the
   * session's key without `apiKey` and `signature`), its parameters read, its answer. An order
   * adds its counts to `rateLimits`, before the weight as Binance lists them.
   */
  private async serve(endpoint: AnyEndpoint, params: Record<string, string>, rateLimits: RateLimitCount[]) {
    const read = methodParams(params);
    const { security } = endpoint;
    if (security === 'NONE') return endpoint.answer(parseParams(endpoint.schema, read, true), null);
    const key = await this.keyCaller(security, params);
    const parsed = parseParams(endpoint.schema, read, true);
    const caller: EndpointCaller = {
      userId: key.userId,
      keyId: key.keyId,
      canTrade: key.canTrade,
      countOrder: async () => {
        const counted = await this.deps.limits.spendOrder(this.address, key.userId);
        rateLimits.unshift(...counted.rateLimits);
        if (counted.refusal) throw counted.refusal;
      },
    };
    return endpoint.answer(parsed, caller);
  }

  /** Who calls a keyed endpoint: the key the request names (and signs, unless served on the key alone), or else the session's. */
  private async keyCaller(security: Exclude<Security, 'NONE'>, params: Record<string, string>): Promise<BinanceCaller> {
    const bySession = params.apiKey === undefined && params.signature === undefined && this.session !== null;
    const grant = bySession ? await this.sessionGrant() : await this.namedKey(params);
    if (keyAlone(security)) return callerOf(grant, { ...params }, this.deps);
    const need = permissionOf(security);
    if (bySession) return checkSessionRequest(grant, { ...params }, this.deps, need);
    return checkSigned(grant, { ...params }, signedPayload(params), this.deps, need);
  }

  /** The key a request names in `apiKey`, usable from this address. */
  private namedKey(params: Record<string, string>): Promise<ApiKeyGrant> {
    if (!params.apiKey) throw mandatory('apiKey');
    return usableKey(params.apiKey, this.address, this.deps);
  }

  /** The session's key, checked again (it may have been revoked since the logon): unusable, it ends the session. */
  private async sessionGrant(): Promise<ApiKeyGrant> {
    const session = this.session!;
    try {
      return await usableKey(session.apiKey, this.address, this.deps);
    } catch (error) {
      if (error instanceof BinanceError && this.session === session) {
        this.endSessionSubscriptions();
        this.session = null;
      }
      throw error;
    }
  }

  private async run(method: WsApiMethod, params: Record<string, string>): Promise<unknown> {
    const read = methodParams(params);
    switch (method) {
      case 'session.logon': {
        const signer = await this.signed(params);
        this.endSessionSubscriptions();
        this.session = { ...signer, authorizedSince: Date.now() };
        return this.sessionStatus();
      }
      case 'session.status':
        parseParams(noParams, read);
        return this.sessionStatus();
      case 'session.logout':
        parseParams(noParams, read);
        this.endSessionSubscriptions();
        this.session = null;
        return this.sessionStatus();
      case 'session.subscriptions':
        parseParams(noParams, read);
        return [...this.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId }));
      case 'userDataStream.subscribe': {
        parseParams(noParams, read);
        if (!this.session) throw notLoggedOn();
        const opened = this.deps.userStreams.opening();
        const session = this.session;
        await this.sessionGrant();
        return this.subscribe(session, opened, true);
      }
      case 'userDataStream.subscribe.signature': {
        const opened = this.deps.userStreams.opening();
        return this.subscribe(await this.signed(params), opened, false);
      }
      case 'userDataStream.unsubscribe': {
        const { subscriptionId } = parseParams(unsubscribeParams, read);
        if (subscriptionId === undefined) for (const id of [...this.subscriptions.keys()]) this.unsubscribe(id);
        else if (!this.unsubscribe(subscriptionId)) throw invalidSubscription();
        return {};
      }
    }
  }

  /** A request signed with an API key (Binance's USER_DATA security): the key, the address, the timestamp, the signature. */
  private async signed(params: Record<string, string>): Promise<Signer> {
    const { apiKey } = parseParams(signedParams, { ...methodParams(params), apiKey: params.apiKey ?? '' });
    const grant = await usableKey(apiKey, this.address, this.deps);
    return { apiKey, caller: checkSigned(grant, params, signedPayload(params), this.deps, 'read') };
  }

  private async subscribe({ apiKey, caller }: Signer, openedAt: number, viaSession: boolean) {
    const taken = [...this.subscriptions.values()].some((subscription) => subscription.userId === caller.userId);
    if (taken)
      throw new BinanceError(400, BinanceCode.INVALID_PARAMETER, 'This account already has a subscription here.');
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new BinanceError(400, BinanceCode.INVALID_PARAMETER, 'Too many subscriptions on this connection.');
    const subscriptionId = this.nextSubscriptionId++;
    const subscription = {
      userId: caller.userId,
      apiKey,
      viaSession,
      send: (data: string) => sendUnlessBehind(this.socket, `{"subscriptionId":${subscriptionId},"event":${data}}`),
      terminate: () => this.terminateSubscription(subscriptionId),
    };
    if (!(await this.deps.userStreams.subscribe(subscription, openedAt)))
      throw new BinanceError(401, BinanceCode.REJECTED_MBX_KEY, 'Invalid API-key, IP, or permissions for action.');
    // Closed while it was being opened: its close already let go of the subscriptions it knew.
    if (this.socket.readyState !== WebSocket.OPEN) this.deps.userStreams.unsubscribe(subscription);
    else this.subscriptions.set(subscriptionId, subscription);
    return { subscriptionId };
  }

  private unsubscribe(subscriptionId: number): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return false;
    this.deps.userStreams.unsubscribe(subscription);
    this.subscriptions.delete(subscriptionId);
    return true;
  }

  /** A stream that ended without being asked to (the key revoked, the owner suspended): Binance's last event of it. */
  private terminateSubscription(subscriptionId: number) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return;
    subscription.send(JSON.stringify({ e: 'eventStreamTerminated', E: Date.now() }));
    this.unsubscribe(subscriptionId);
    if (subscription.viaSession && this.session?.apiKey === subscription.apiKey) this.session = null;
  }

  private endSessionSubscriptions() {
    for (const [id, subscription] of this.subscriptions) if (subscription.viaSession) this.unsubscribe(id);
  }

  private sessionStatus() {
    const viaSession = [...this.subscriptions.values()].some((subscription) => subscription.viaSession);
    return {
      apiKey: this.session?.apiKey ?? null,
      authorizedSince: this.session?.authorizedSince ?? null,
      connectedSince: this.connectedSince,
      returnRateLimits: this.returnRateLimits,
      serverTime: Date.now(),
      userDataStream: viaSession,
    };
  }

  /** The answer to request `id`, with `rateLimits` unless they are not shown (null). */
  private answer(id: RequestId, outcome: { result: unknown } | { error: BinanceError }, rateLimits: unknown[] | null) {
    const shown = rateLimits === null ? {} : { rateLimits };
    const body =
      'error' in outcome
        ? {
            id,
            status: outcome.error.status,
            // Binance's {code, msg}, and its data when it has some (a cancel-replace's two results).
            error: outcome.error.answer(),
            ...shown,
          }
        : { id, status: 200, result: outcome.result, ...shown };
    sendUnlessBehind(this.socket, JSON.stringify(body));
  }
}
