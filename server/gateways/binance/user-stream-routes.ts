import { z } from 'zod';
import { ListenKeys } from './protocol/listen-keys';
import type { BinanceRoutes } from './binance-deps';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { parseParams } from './binance-params';
import { authenticateApiKey } from './signed-request';

/**
 * Binance's listenKey flow (USER_STREAM: the API key alone, no signature): POST opens the key's
 * user data stream (its listenKey for `/ws/<listenKey>`), PUT keeps it alive 60 minutes more,
 * DELETE closes it and ends its connections. See server/gateways/streams/user-data.
 */

/** Binance's weight for each of the three. */
const WEIGHT = 2;

const unknownListenKey = () => new BinanceError(400, BinanceCode.INVALID_LISTEN_KEY, 'This listenKey does not exist.');
const namedKey = z.object({ listenKey: z.string() });

export const userStreamRoutes: BinanceRoutes = (router, deps) => {
  const { dataSource, bus } = deps.context;
  const listenKeys = new ListenKeys(dataSource, bus);

  router.post('/userDataStream', deps.limits.weight(WEIGHT), async (ctx) => {
    const caller = await authenticateApiKey(ctx, deps);
    parseParams(z.object({}), caller.params);
    ctx.body = { listenKey: await listenKeys.open(caller.userId, caller.keyId) };
  });

  router.put('/userDataStream', deps.limits.weight(WEIGHT), async (ctx) => {
    const caller = await authenticateApiKey(ctx, deps);
    const { listenKey } = parseParams(namedKey, caller.params);
    if (!(await listenKeys.keepAlive(caller.userId, listenKey))) throw unknownListenKey();
    ctx.body = {};
  });

  router.delete('/userDataStream', deps.limits.weight(WEIGHT), async (ctx) => {
    const caller = await authenticateApiKey(ctx, deps);
    const { listenKey } = parseParams(namedKey, caller.params);
    if (!(await listenKeys.close(caller.userId, listenKey))) throw unknownListenKey();
    ctx.body = {};
  });
};
