import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Context } from 'koa';
import { API_KEY_FORMAT } from '../../identity/api-keys/api-key-credentials';
import type { ApiKeyGrant } from '../../identity/api-keys/api-key-lookup';
import type { BinanceApiDeps } from './binance-deps';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { illegal, mandatory, paramsOf } from './binance-params';

/**
 * Binance's SIGNED (TRADE, USER_DATA) and USER_STREAM security, as Binance documents it: the key in
 * X-MBX-APIKEY; `signature` the hex HMAC-SHA256, with the key's secret, of the raw query string
 * followed by the raw body (none for a GET, whose body Binance ignores), the `signature` parameter
 * itself left out wherever it was sent; `timestamp` mandatory and within `recvWindow` (default
 * 5000 ms, at most 60000) of the server's clock.
 */

/** What a key lets a signed request do: `read` for USER_DATA endpoints, `trade` for TRADE ones. */
export type KeyPermission = 'read' | 'trade';

/** Who sent a request with a key, and its parameters: query string and form body, the query winning a clash. */
export interface BinanceCaller {
  userId: string;
  keyId: string;
  /** The key may trade (TRADE endpoints); every key reads. */
  canTrade: boolean;
  /** Without `signature`. */
  params: Record<string, string>;
}

export const API_KEY_HEADER = 'X-MBX-APIKEY';
const DEFAULT_RECV_WINDOW_MS = 5000;
const MAX_RECV_WINDOW_MS = 60_000;
/** A timestamp may run this far ahead of the server's clock. */
const FUTURE_TOLERANCE_MS = 1000;
/** Binance's forms are a few hundred bytes; a body past this is no request of theirs. */
export const SIGNED_BODY_LIMIT = 16 * 1024;
const DIGITS = /^[0-9]{1,20}$/;
const HEX_SIGNATURE = /^[0-9a-fA-F]{64}$/;

const rejectedKey = () =>
  new BinanceError(401, BinanceCode.REJECTED_MBX_KEY, 'Invalid API-key, IP, or permissions for action.');
const illegalCharacters = (name: string) => illegal(name, DIGITS.source);

/** The HMAC-SHA256 Binance signs a request with (its hex digits are the `signature`). */
const hmac = (secret: KeyObject | string, totalParams: string): Buffer =>
  createHmac('sha256', secret).update(totalParams).digest();

/** The hex HMAC-SHA256 Binance signs a request with. */
export const binanceSignature = (secret: KeyObject | string, totalParams: string): string =>
  hmac(secret, totalParams).toString('hex');

/** The raw parameters of a query string or form body without its `signature` parameter(s), the rest left byte for byte. */
export function withoutSignature(raw: string): string {
  const at = raw.lastIndexOf('signature=');
  if (at === -1) return raw;
  // Where clients put it: last. Cut off as it is, no list built.
  if ((at === 0 || raw[at - 1] === '&') && !raw.includes('&', at) && raw.indexOf('signature=') === at)
    return raw.slice(0, Math.max(0, at - 1));
  return raw
    .split('&')
    .filter((pair) => pair.slice(0, pair.includes('=') ? pair.indexOf('=') : undefined) !== 'signature')
    .join('&');
}

/** What the signature covers: the query string followed by the body, nothing between them. */
export const totalParams = (rawQuery: string, rawBody: string): string =>
  withoutSignature(rawQuery) + withoutSignature(rawBody);

/** The request's signed parameters, after `need` and the key, the address, the signature and the timestamp are checked. */
export async function authenticateSigned(
  ctx: Context,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
  need: KeyPermission,
): Promise<BinanceCaller> {
  const grant = await usableKey(ctx.get(API_KEY_HEADER), ctx.ip, deps);
  const rawQuery = ctx.querystring;
  const rawBody = await readRawBody(ctx);
  return checkSigned(grant, paramsOf(rawQuery, rawBody), totalParams(rawQuery, rawBody), deps, need);
}

/**
 * A signed request however it travelled (HTTP, the WebSocket API), once its key is found usable:
 * its parameters (`signature` among them) and the text the signature covers. Checks the
 * timestamp's form, the signature, the timestamp's window, then `need`.
 */
export function checkSigned(
  grant: ApiKeyGrant,
  params: Record<string, string>,
  signed: string,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
  need: KeyPermission,
): BinanceCaller {
  return checkRequest(grant, params, signed, deps, need);
}

/**
 * A request of a WebSocket API session, whose key `session.logon` signed for once: no signature,
 * but its timestamp is checked as a signed request's, then `need`.
 */
export function checkSessionRequest(
  grant: ApiKeyGrant,
  params: Record<string, string>,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
  need: KeyPermission,
): BinanceCaller {
  return checkRequest(grant, params, null, deps, need);
}

function checkRequest(
  grant: ApiKeyGrant,
  params: Record<string, string>,
  signed: string | null,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
  need: KeyPermission,
): BinanceCaller {
  const signature = params.signature;
  const timestamp = params.timestamp;
  if (!timestamp) throw mandatory('timestamp');
  if (signed !== null && !signature) throw mandatory('signature');
  if (!DIGITS.test(timestamp)) throw illegalCharacters('timestamp');
  const recvWindow = recvWindowOf(params.recvWindow);
  if (signed !== null && !signatureMatches(grant.secret, signed, signature!))
    throw new BinanceError(400, BinanceCode.INVALID_SIGNATURE, 'Signature for this request is not valid.');
  checkTimestamp(Number(timestamp), recvWindow, Date.now());
  // Checked once the signature is: only the key's holder learns what it may do.
  if (need === 'trade' && !grant.canTrade) throw rejectedKey();
  return callerOf(grant, params, deps);
}

/** The caller of a USER_STREAM endpoint: the key alone identifies it, from an address it allows; no signature. */
export async function authenticateApiKey(ctx: Context, deps: Pick<BinanceApiDeps, 'apiKeys'>): Promise<BinanceCaller> {
  const grant = await usableKey(ctx.get(API_KEY_HEADER), ctx.ip, deps);
  return callerOf(grant, paramsOf(ctx.querystring, await readRawBody(ctx)), deps);
}

/** The caller of a request made with a usable key (the key alone, or checked by one of the above). */
export function callerOf(
  grant: ApiKeyGrant,
  params: Record<string, string>,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
): BinanceCaller {
  deps.apiKeys.usage.touch(grant.keyId);
  delete params.signature;
  return { userId: grant.userId, keyId: grant.keyId, canTrade: grant.canTrade, params };
}

/** The key `apiKey` (X-MBX-APIKEY's), if it may be used by this caller from `address`. */
export async function usableKey(
  apiKey: string,
  address: string,
  deps: Pick<BinanceApiDeps, 'apiKeys'>,
): Promise<ApiKeyGrant> {
  if (!API_KEY_FORMAT.test(apiKey)) throw new BinanceError(401, BinanceCode.BAD_API_KEY_FMT, 'API-key format invalid.');
  const grant = await deps.apiKeys.lookup.find(apiKey);
  if (!grant || !grant.ownerMayUse) throw rejectedKey();
  // Binance itself answers -2015 here too; CCXT turns -2015 into AuthenticationError (a wrong key),
  // while Binance's -1002 answer, 'You are not authorized to execute this request.', is the one CCXT
  // maps to PermissionDenied: the key is right, this address may not use it, which is what a program
  // has to tell its operator.
  if (!grant.allows(address))
    throw new BinanceError(401, BinanceCode.UNAUTHORIZED, 'You are not authorized to execute this request.');
  return grant;
}

function recvWindowOf(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_RECV_WINDOW_MS;
  if (!DIGITS.test(text)) throw illegalCharacters('recvWindow');
  const recvWindow = Number(text);
  if (recvWindow > MAX_RECV_WINDOW_MS)
    throw new BinanceError(400, BinanceCode.BAD_RECV_WINDOW, `recvWindow must be less than ${MAX_RECV_WINDOW_MS}`);
  return recvWindow;
}

/** Binance's rule: timestamp < serverTime + 1000 and serverTime - timestamp <= recvWindow. */
export function checkTimestamp(timestamp: number, recvWindow: number, serverTime: number): void {
  if (timestamp >= serverTime + FUTURE_TOLERANCE_MS)
    throw new BinanceError(
      400,
      BinanceCode.INVALID_TIMESTAMP,
      `Timestamp for this request was ${FUTURE_TOLERANCE_MS}ms ahead of the server's time.`,
    );
  if (serverTime - timestamp > recvWindow)
    throw new BinanceError(
      400,
      BinanceCode.INVALID_TIMESTAMP,
      'Timestamp for this request is outside of the recvWindow.',
    );
}

/** Compared in constant time; Binance takes the hex digits in either case. */
function signatureMatches(secret: KeyObject, payload: string, signature: string): boolean {
  if (!HEX_SIGNATURE.test(signature)) return false;
  return timingSafeEqual(hmac(secret, payload), Buffer.from(signature, 'hex'));
}

const bodiesRead = new WeakMap<Context, string>();
const tooLarge = () =>
  new BinanceError(413, BinanceCode.TOO_MANY_PARAMETERS, 'Too many parameters sent for this endpoint.');

/**
 * The request's body as sent, at most SIGNED_BODY_LIMIT bytes (the signature covers its exact
 * bytes, so no parser may see it first). Read once: a second call gets the same text. A GET's (or
 * HEAD's) is none: Binance takes their parameters from the query string alone.
 */
async function readRawBody(ctx: Context): Promise<string> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return '';
  const read = bodiesRead.get(ctx);
  if (read !== undefined) return read;
  const announced = ctx.request.length;
  if (announced !== undefined && announced > SIGNED_BODY_LIMIT) throw tooLarge();
  const hasBody = announced !== 0 && (announced !== undefined || ctx.get('transfer-encoding') !== '');
  const text = !hasBody ? '' : (arrived(ctx.req, announced) ?? (await receive(ctx.req)));
  bodiesRead.set(ctx, text);
  return text;
}

/** The whole body when it is already here (a small form usually comes with its headers), read at once; else undefined. */
function arrived(stream: Context['req'], announced: number | undefined): string | undefined {
  if (announced === undefined || !stream.complete || stream.readableLength !== announced) return undefined;
  return (stream.read() as Buffer).toString('utf8');
}

/** The stream's bytes as text, refused past the limit (with listeners: a body arrives in one chunk or two, and an async iterator costs more than its reading). */
function receive(stream: Context['req']): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= SIGNED_BODY_LIMIT) chunks.push(chunk);
      else finish(tooLarge());
    };
    const finish = (error?: unknown) => {
      stream.off('data', onData).off('end', finish).off('error', finish);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    stream.on('data', onData).once('end', finish).once('error', finish);
  });
}
