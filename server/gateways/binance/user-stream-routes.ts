import { z } from 'zod';
import { ListenKeys } from './protocol/listen-keys';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint } from './binance-endpoint';
import { BinanceCode, BinanceError } from './protocol/binance-error';

/**
 * Binance's listenKey flow (USER_STREAM: the API key alone, no signature): POST opens the key's
 * user data stream (its listenKey for `/ws/<listenKey>`), PUT keeps it alive 60 minutes more,
 * DELETE closes it and ends its connections. See server/gateways/streams/user-data.
 */

/** Binance's weight for each of the three. */
const WEIGHT = 2;

const unknownListenKey = () => new BinanceError(400, BinanceCode.INVALID_LISTEN_KEY, 'This listenKey does not exist.');
const namedKey = z.object({ listenKey: z.string() });

/** The listenKey endpoints: open, keep alive, close. */
export function userStreamEndpoints(deps: BinanceApiDeps) {
  const { dataSource, bus } = deps.context;
  const listenKeys = new ListenKeys(dataSource, bus);
  return {
    start: endpoint({
      security: 'USER_STREAM',
      weight: WEIGHT,
      schema: z.object({}),
      answer: async (_params, caller) => ({ listenKey: await listenKeys.open(caller.userId, caller.keyId) }),
    }),
    keepAlive: endpoint({
      security: 'USER_STREAM',
      weight: WEIGHT,
      schema: namedKey,
      async answer({ listenKey }, caller) {
        if (!(await listenKeys.keepAlive(caller.userId, listenKey))) throw unknownListenKey();
        return {};
      },
    }),
    close: endpoint({
      security: 'USER_STREAM',
      weight: WEIGHT,
      schema: namedKey,
      async answer({ listenKey }, caller) {
        if (!(await listenKeys.close(caller.userId, listenKey))) throw unknownListenKey();
        return {};
      },
    }),
  };
}

export const userStreamRoutes: BinanceRoutes = (router, deps) => {
  const endpoints = userStreamEndpoints(deps);
  addEndpoints(router, deps, [
    ['post', '/userDataStream', endpoints.start],
    ['put', '/userDataStream', endpoints.keepAlive],
    ['delete', '/userDataStream', endpoints.close],
  ]);
};
