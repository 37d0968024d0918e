import type { Notifier } from '../../realtime/notifier';
import type { IncomingMessage, Server } from 'node:http';
import type { ApiKeyAccess } from '../../../identity/api-keys/api-keys.module';
import type { RequestLimits } from '../../binance/request-weight';
import type { ServerContext } from '../../../platform/modules/context';
import type { ConnectionLimits } from '../../connections/connection-limits';
import type { StreamHub } from '../stream-hub';
import { ListenKeys } from '../../binance/protocol/listen-keys';
import { UserStreams } from './user-streams';
import { WsApiServer } from './ws-api-server';

/**
 * This process's user data streams: `/ws/<listenKey>` on the market streams' hub, and the
 * WebSocket API at /ws-api/v3, delivering what the bus carries. `limits` are the REST API's own
 * (the two share each address's request weight); `clientAddress` reads an address as it does.
 */
export async function startUserStreams(
  httpServer: Server,
  hub: StreamHub,
  ctx: ServerContext,
  { apiKeys, limits, notifier }: { apiKeys: ApiKeyAccess; limits: RequestLimits; notifier: Notifier },
  clientAddress: (request: IncomingMessage) => string,
  connectionLimits: ConnectionLimits,
): Promise<{ close(): void }> {
  const userStreams = new UserStreams(
    hub,
    new ListenKeys(ctx.dataSource, ctx.bus),
    apiKeys.lookup,
    ctx.bus,
    ctx.logger,
  );
  await userStreams.listen(notifier);
  const wsApi = new WsApiServer(
    httpServer,
    { apiKeys, limits, userStreams, logger: ctx.logger, outages: ctx.outages },
    clientAddress,
    connectionLimits,
  );
  return {
    close() {
      wsApi.close();
      userStreams.close();
    },
  };
}
