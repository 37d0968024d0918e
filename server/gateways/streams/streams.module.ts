import type { IncomingMessage, Server } from 'node:http';
import type { MarketCatalog } from '../../markets/catalog';
import type { EventBus } from '../../platform/bus/event-bus';
import type { Election } from '../../trading/cluster/cluster';
import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { Logger } from '../../platform/logger/logger';
import type { TradingService } from '../../trading/trading.service';
import type { ConnectionLimits } from '../connections/connection-limits';
import { StreamHub } from './stream-hub';
import { MarketStreamSource } from './stream-source';

/** Builds the market streams' events, in the one process `elect` chooses: every process's hub delivers them, so more would repeat them. */
export function marketStreamsModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
  trading: TradingService,
  elect: Election,
): ExchangeModule & { source: MarketStreamSource } {
  const source = new MarketStreamSource(ctx.bus, ctx.dataSource, trading, catalog, ctx.logger);
  return {
    source,
    name: 'market-streams',
    needs: ['trading'],
    start: () => elect('market-streams', () => source.start()),
    async stop() {
      source.stop();
    },
  };
}

/**
 * The market streams' WebSocket endpoints on `httpServer`, delivering what the bus carries. With the
 * in-memory bus this process holds every connection, so the source builds only what someone listens to.
 */
export async function startStreamHub(
  httpServer: Server,
  catalog: MarketCatalog,
  bus: EventBus,
  source: MarketStreamSource,
  connectionLimits: ConnectionLimits,
  clientAddress: (request: IncomingMessage) => string,
  logger: Logger,
): Promise<StreamHub> {
  const hub = new StreamHub(httpServer, catalog, connectionLimits, clientAddress, logger);
  await hub.listen(bus);
  if (bus.kind === 'memory') source.listenedStreamsAre((stream) => hub.listened(stream));
  return hub;
}
