import ccxt from 'ccxt';

/** What a program gives CCXT's binance class to trade here: an API key, if it signs. */
export interface CcxtCredentials {
  apiKey?: string;
  secret?: string;
}

/**
 * CCXT's binance class configured as the README tells a bot author: every host pointed at the
 * exchange at `url` (REST, wallet, streams, WebSocket API) and spot chosen, nothing else changed.
 */
function settings(url: string, credentials: CcxtCredentials) {
  const ws = url.replace(/^http/, 'ws');
  return {
    ...credentials,
    urls: {
      api: {
        public: `${url}/api/v3`,
        private: `${url}/api/v3`,
        sapi: `${url}/sapi/v1`,
        ws: { spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
    options: { fetchMarkets: { types: ['spot'] } },
  };
}

/** CCXT's REST binance class, pointed here. */
export const ccxtBinance = (url: string, credentials: CcxtCredentials = {}) =>
  new ccxt.binance(settings(url, credentials));

/** CCXT pro's binance class (REST and WebSockets), pointed here, its markets loaded. */
export async function ccxtProBinance(url: string, credentials: CcxtCredentials = {}) {
  const exchange = new ccxt.pro.binance(settings(url, credentials));
  // CCXT refuses a plain ws:// URL until its proxy agent is loaded.
  await exchange.loadHttpProxyAgent();
  await exchange.loadMarkets();
  return exchange;
}
