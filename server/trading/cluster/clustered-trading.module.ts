import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { MarketCatalog } from '../../markets/catalog';
import { openBooks } from '../trading.module';
import type { TradingService } from '../trading.service';
import { bookChannel } from './book-messages';
import { BookOwnership } from './book-ownership';
import { answerBookRequests } from './book-requests';
import type { Cluster } from './cluster';
import { ClusterBookRouter, ClusteredTradingService } from './clustered-trading.service';
import { BookForwarder } from './forwarder';

/**
 * The trading core when several processes share the database: this process serves the books whose
 * locks it holds (and takes over those of a process that dies), and forwards the rest.
 */
export function clusteredTradingModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
  cluster: Cluster,
): ExchangeModule & { service: TradingService } {
  const forwarder = new BookForwarder(cluster, ctx.logger);
  const requestChannel = (symbol: string) => cluster.channel(bookChannel(symbol));
  const ownership = new BookOwnership(
    cluster,
    catalog,
    (markets) => openBooks(ctx, catalog, markets),
    {
      start: (symbol): Promise<void> =>
        cluster.subscribe(
          requestChannel(symbol),
          answerBookRequests(cluster, (call): Promise<unknown> => router.runForwarded(call, service), ctx.logger),
        ),
      stop: (symbol) => cluster.unsubscribe(requestChannel(symbol)),
    },
    ctx.logger,
  );
  const router = new ClusterBookRouter(ctx.dataSource, ownership, forwarder);
  const service = new ClusteredTradingService(ctx.dataSource, ctx.reads, catalog, ownership, router);
  let stopFollowing = () => {};
  return {
    name: 'trading',
    // The books number their trades after the past's, which market history may seed.
    needs: ['market-history'],
    service,
    async start() {
      await forwarder.start();
      await ownership.start();
      // A market listed meanwhile: its book goes to whichever process locks it first. A claim under
      // way may have read the catalog before the change: the second one reads it after.
      stopFollowing = catalog.onChange(() => void ownership.claim().then(() => ownership.claim()));
    },
    async stop() {
      stopFollowing();
      await ownership.stop();
    },
  };
}
