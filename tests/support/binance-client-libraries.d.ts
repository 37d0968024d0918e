/**
 * The parts of two Binance client libraries their tests use: `@binance/connector` v3 ships no
 * types, and `node-binance-api`'s package exports give none to `require`.
 */
declare module '@binance/connector' {
  type Answer = Promise<{ data: any }>;
  interface ConnectionOptions {
    wsURL: string;
    callbacks?: { open?: (client: any) => void; message?: (data: string) => void };
    logger?: Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;
    reconnectDelay?: number;
  }
  export class Spot {
    constructor(apiKey: string, apiSecret: string, options: { baseURL: string; logger?: ConnectionOptions['logger'] });
    exchangeInfo(options?: { symbol?: string }): Answer;
    klines(symbol: string, interval: string, options?: { limit?: number }): Answer;
    account(): Answer;
    newOrder(symbol: string, side: string, type: string, options?: Record<string, unknown>): Answer;
    getOrder(symbol: string, options: { orderId: number }): Answer;
    cancelOrder(symbol: string, options: { orderId: number }): Answer;
    createListenKey(): Answer;
  }
  export class WebsocketStream {
    constructor(options: ConnectionOptions);
    trade(symbol: string): void;
    userData(listenKey: string): void;
    disconnect(): void;
  }
  export class WebsocketAPI {
    constructor(apiKey: string, apiSecret: string, options: ConnectionOptions);
    newOrder(symbol: string, side: string, type: string, options?: Record<string, unknown>): void;
    getOrder(symbol: string, options: { orderId: number; id?: string }): void;
    cancelOrder(symbol: string, options: { orderId: number; id?: string }): void;
    startUserDataStream(): void;
    disconnect(): void;
  }
}

declare module 'node-binance-api' {
  type Listener = (data: any) => void;
  export default class Binance {
    constructor(options: {
      APIKEY: string;
      APISECRET: string;
      urls: { base: string; stream: string; combineStream: string };
      log: (...args: unknown[]) => void;
    });
    wsApi: string;
    exchangeInfo(): Promise<any>;
    candlesticks(symbol: string, interval: string, params?: { limit?: number }): Promise<unknown[]>;
    balance(): Promise<Record<string, { available: string; onOrder: string }>>;
    order(type: string, side: string, symbol: string, quantity: number, price?: number): Promise<any>;
    orderStatus(symbol: string, orderId: number): Promise<any>;
    cancel(symbol: string, orderId: number): Promise<any>;
    subscribe(endpoint: string, callback: Listener, reconnect?: () => void, opened?: (url: string) => void): unknown;
    terminate(endpoint: string): void;
    userData(all?: Listener, balance?: Listener, execution?: Listener, subscribed?: (id: string) => void): void;
    spotCloseDataStream(): Promise<unknown>;
  }
}
