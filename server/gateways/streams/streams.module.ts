import type { IncomingMessage, Server } from 'node:http';
import type { MarketCatalog } from '../../markets/catalog';
import type { EventBus } from '../../platform/bus/event-bus';
import type { Election } from '../../trading/cluster/cluster';
import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { Logger } from '../../platform/logger/logger';
import type { TradingService } from '../../trading/trading.service';
import type { ConnectionLimits } from '../connections/connection-limits';
import { ListenerAudience } from './listener-audience';
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
    start: () =>
      elect(
        'market-streams',
        () => source.start(),
        async () => source.stop(),
      ),
    async stop() {
      source.stop();
    },
  };
}

/** The bus topic on which processes tell one another which market streams their connections listen to. */
export const MARKET_LISTENERS_TOPIC = 'market.streams.listeners';

/**
 * The market streams' WebSocket endpoints on `httpServer`, delivering what the bus carries. The
 * source builds only what someone listens to: with the in-memory bus this process holds every
 * connection; with several processes they tell one another (ListenerAudience).
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
  if (bus.kind === 'memory') {
    source.listenedStreamsAre((stream) => hub.listened(stream));
    return hub;
  }
  const audience = new ListenerAudience(bus, MARKET_LISTENERS_TOPIC, () => hub.marketStreams());
  await audience.start();
  hub.onClose(() => audience.stop());
  hub.onFirstListener((stream) => void audience.adding(stream));
  source.listenedStreamsAre((stream) => audience.listened(stream));
  return hub;
}
