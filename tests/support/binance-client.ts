import { createHmac } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { ApiClient } from './http-client';
import type { TestExchange } from './test-exchange';
import { fundedTrader } from './trader-fixtures';

/** An API key as its creation answers it: the only time the secret is seen. */
export interface CreatedApiKey {
  id: string;
  label: string;
  api_key: string;
  secret: string;
  permissions: string[];
  ip_allowlist: string[];
  created_at: string;
}

/** Creates an API key for the client's trader (201 expected). */
export async function createApiKey(
  client: ApiClient,
  body: { label: string; permissions: string[]; ip_allowlist?: string[] } = {
    label: 'bot',
    permissions: ['read', 'trade'],
  },
): Promise<CreatedApiKey> {
  const response = await client.post('/account/api-keys', body);
  if (response.status !== 201)
    throw new Error(`API key creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as CreatedApiKey;
}

/** A trader as programs use them: their API key, their web client, their id. */
export interface KeyedTrader {
  key: CreatedApiKey;
  client: ApiClient;
  userId: string;
}

/** A KYC-approved trader of `server` holding `balances` (e.g. {USD: '1000'}), with a key that may trade. */
export async function keyedTrader(
  server: TestExchange,
  balances: Record<string, string>,
  name = 'Binance Trader',
): Promise<KeyedTrader> {
  const funded = await fundedTrader(server, balances, name);
  return { key: await createApiKey(funded.client), client: funded.client, userId: funded.user.id };
}

export interface BinanceAnswer<T = any> {
  status: number;
  headers: IncomingHttpHeaders;
  body: T;
}

/** Which of Binance's APIs a path is under: the spot API, or the wallet's (sapi). */
export type BinanceApiPrefix = '/api/v3' | '/sapi/v1';

/**
 * A raw request to the Binance-compatible surface, the query string and body sent exactly as given
 * (through node:http: fetch sends no body with GET, which a signed request may carry).
 */
export function binanceCall<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  {
    query = '',
    body,
    headers = {},
    api = '/api/v3',
  }: { query?: string; body?: string; headers?: Record<string, string>; api?: BinanceApiPrefix } = {},
): Promise<BinanceAnswer<T>> {
  const url = new URL(`${baseUrl}${api}${path}${query ? `?${query}` : ''}`);
  // A GET body must be framed by its length: node's client chunks only the methods that usually carry one.
  const sent =
    body === undefined
      ? headers
      : {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: kept as text so a failing test shows what came back
        }
        resolve({ status: response.statusCode!, headers: response.headers, body: parsed as T });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface SignedOptions {
  /** Where the parameters travel: the query string (default), the body, or split between the two. */
  placement?: 'query' | 'body' | 'split';
  /** Default: now. */
  timestamp?: number | string | null;
  /** Signs with this secret instead of the key's. */
  secret?: string;
  /** Sends this signature instead of the right one (null: none). */
  signature?: string | null;
  headers?: Record<string, string>;
  /** Default: /api/v3. */
  api?: BinanceApiPrefix;
}

/** A SIGNED request as Binance's documentation describes it (and CCXT sends it). */
export function signedCall<T = any>(
  baseUrl: string,
  key: { api_key: string; secret: string },
  method: string,
  path: string,
  params: Record<string, string | number> = {},
  options: SignedOptions = {},
): Promise<BinanceAnswer<T>> {
  const all: Record<string, string> = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const timestamp = options.timestamp === undefined ? Date.now() : options.timestamp;
  if (timestamp !== null) all.timestamp = String(timestamp);
  const pairs = Object.entries(all);
  const half = Math.ceil(pairs.length / 2);
  const placement = options.placement ?? 'query';
  const queryPairs = placement === 'query' ? pairs : placement === 'split' ? pairs.slice(0, half) : [];
  const bodyPairs = placement === 'body' ? pairs : placement === 'split' ? pairs.slice(half) : [];
  const query = new URLSearchParams(queryPairs).toString();
  const body = new URLSearchParams(bodyPairs).toString();
  const signature =
    options.signature === undefined
      ? createHmac('sha256', options.secret ?? key.secret)
          .update(query + body)
          .digest('hex')
      : options.signature;
  const withSignature = (text: string) =>
    signature === null ? text : `${text}${text ? '&' : ''}signature=${signature}`;
  return binanceCall<T>(baseUrl, method, path, {
    query: placement === 'body' ? query : withSignature(query),
    body: placement === 'query' ? undefined : placement === 'body' ? withSignature(body) : body,
    headers: { 'X-MBX-APIKEY': key.api_key, ...options.headers },
    api: options.api,
  });
}
