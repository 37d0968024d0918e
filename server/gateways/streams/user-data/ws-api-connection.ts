import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import type { ApiKeyAccess } from '../../../identity/api-keys/api-keys.module';
import { BinanceCode, BinanceError, knownBinanceError, UNKNOWN_MESSAGE } from '../../binance/protocol/binance-error';
import { integerParam, parseParams } from '../../binance/binance-params';
import type { RequestLimits } from '../../binance/request-weight';
import { checkSigned, usableKey, type BinanceCaller } from '../../binance/signed-request';
import type { Outages } from '../../../platform/health/outages';
import type { Logger } from '../../../platform/logger/logger';
import type { Pinged } from '../keep-alive';
import { sendUnlessBehind } from '../stream-connection';
import type { RequestId } from '../stream-requests';
import type { ApiSubscription, UserStreams } from './user-streams';
import {
  METHOD_WEIGHTS,
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
}

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
 * weight used (`rateLimits`), its session (session.logon: requests signed once for the connection)
 * and its user data stream subscriptions, whose events it receives as
 * `{subscriptionId, event}`. Every request costs its weight of the client address's limit, shared
 * with the REST API's.
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

  private async onMessage(data: RawData, isBinary: boolean) {
    let request: WsApiRequest;
    try {
      request = parseWsApiRequest(isBinary ? null : data.toString());
    } catch (error) {
      if (!(error instanceof WsApiRefusal)) throw error;
      this.answer(error.id, { error: error.error, rateLimits: [] });
      return;
    }
    try {
      const { rateLimit, refusal } = await this.deps.limits.spendWeight(this.address, METHOD_WEIGHTS[request.method]);
      // A limit of 0 is none: nothing to report.
      const rateLimits = rateLimit.limit > 0 ? [rateLimit] : [];
      if (refusal) {
        this.answer(request.id, { error: refusal, rateLimits });
        return;
      }
      try {
        this.answer(request.id, { result: await this.run(request.method, request.params), rateLimits });
      } catch (error) {
        if (!(error instanceof BinanceError)) throw error;
        this.answer(request.id, { error, rateLimits });
      }
    } catch (error) {
      // As the REST surface answers: an outage is 503 (logged once, by `outages`), not a line per request.
      const known = knownBinanceError(error, this.deps.outages);
      if (!known) this.deps.logger.error({ err: error, method: request.method }, 'WebSocket API request failed');
      this.answer(request.id, {
        error: known ?? new BinanceError(500, BinanceCode.UNKNOWN, UNKNOWN_MESSAGE),
        rateLimits: [],
      });
    }
  }

  private async run(method: WsApiMethod, params: Record<string, string>): Promise<unknown> {
    switch (method) {
      case 'ping':
        parseParams(noParams, params);
        return {};
      case 'time':
        parseParams(noParams, params);
        return { serverTime: Date.now() };
      case 'session.logon': {
        const signer = await this.signed(params);
        this.endSessionSubscriptions();
        this.session = { ...signer, authorizedSince: Date.now() };
        return this.sessionStatus();
      }
      case 'session.status':
        parseParams(noParams, params);
        return this.sessionStatus();
      case 'session.logout':
        parseParams(noParams, params);
        this.endSessionSubscriptions();
        this.session = null;
        return this.sessionStatus();
      case 'session.subscriptions':
        parseParams(noParams, params);
        return [...this.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId }));
      case 'userDataStream.subscribe': {
        parseParams(noParams, params);
        if (!this.session) throw notLoggedOn();
        const opened = this.deps.userStreams.opening();
        // The session's key is checked again: it may have been revoked since the logon.
        await usableKey(this.session.apiKey, this.address, this.deps);
        return this.subscribe(this.session, opened, true);
      }
      case 'userDataStream.subscribe.signature': {
        const opened = this.deps.userStreams.opening();
        return this.subscribe(await this.signed(params), opened, false);
      }
      case 'userDataStream.unsubscribe': {
        const { subscriptionId } = parseParams(unsubscribeParams, params);
        if (subscriptionId === undefined) for (const id of [...this.subscriptions.keys()]) this.unsubscribe(id);
        else if (!this.unsubscribe(subscriptionId)) throw invalidSubscription();
        return {};
      }
    }
  }

  /** A request signed with an API key (Binance's USER_DATA security): the key, the address, the timestamp, the signature. */
  private async signed(params: Record<string, string>): Promise<Signer> {
    const { apiKey } = parseParams(signedParams, params);
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
      returnRateLimits: true,
      serverTime: Date.now(),
      userDataStream: viaSession,
    };
  }

  private answer(
    id: RequestId,
    outcome: { result: unknown; rateLimits: unknown[] } | { error: BinanceError; rateLimits: unknown[] },
  ) {
    const body =
      'error' in outcome
        ? {
            id,
            status: outcome.error.status,
            error: { code: outcome.error.code, msg: outcome.error.message },
            rateLimits: outcome.rateLimits,
          }
        : { id, status: 200, result: outcome.result, rateLimits: outcome.rateLimits };
    sendUnlessBehind(this.socket, JSON.stringify(body));
  }
}
