import type { Notifier } from '../../realtime/notifier';
import type { IncomingMessage, Server } from 'node:http';
import type { BinanceApiDeps } from '../../binance/binance-deps';
import type { ServerContext } from '../../../platform/modules/context';
import type { ConnectionLimits } from '../../connections/connection-limits';
import type { StreamHub } from '../stream-hub';
import { ListenKeys } from '../../binance/protocol/listen-keys';
import { UserStreams } from './user-streams';
import { wsApiEndpoints } from './ws-api-methods';
import { WsApiServer } from './ws-api-server';

/**
 * This process's user data streams: `/ws/<listenKey>` on the market streams' hub, and the
 * WebSocket API at /ws-api/v3, delivering what the bus carries. `binance` is what the REST API is
 * built from: the WebSocket API serves its endpoints and shares its limits (each address's request
 * weight, each account's orders); `clientAddress` reads an address as it does.
 */
export async function startUserStreams(
  httpServer: Server,
  hub: StreamHub,
  ctx: ServerContext,
  { binance, notifier }: { binance: BinanceApiDeps; notifier: Notifier },
  clientAddress: (request: IncomingMessage) => string,
  connectionLimits: ConnectionLimits,
): Promise<{ openConnections(): number; close(): void }> {
  const userStreams = new UserStreams(
    hub,
    new ListenKeys(ctx.dataSource, ctx.bus),
    binance.apiKeys.lookup,
    ctx.bus,
    ctx.logger,
  );
  await userStreams.listen(notifier);
  const wsApi = new WsApiServer(
    httpServer,
    {
      apiKeys: binance.apiKeys,
      limits: binance.limits,
      userStreams,
      logger: ctx.logger,
      outages: ctx.outages,
      endpoints: wsApiEndpoints(binance),
    },
    clientAddress,
    connectionLimits,
  );
  return {
    openConnections: () => wsApi.openConnections,
    close() {
      wsApi.close();
      userStreams.close();
    },
  };
}
