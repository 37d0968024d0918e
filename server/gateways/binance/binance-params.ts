import { z } from 'zod';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { ASSET_PRECISION } from './protocol/decimal-text';

/**
 * A request's parameters as Binance reads them, and their checks with Binance's codes and words.
 * Each route declares its parameters as a zod object built from the readers below; parseParams turns
 * the first failure into the error Binance would give (a missing or empty mandatory parameter:
 * -1102; characters outside a parameter's legal range: -1100; a value out of bounds: -1130; a name
 * the route does not read: -1104).
 */
export type BinanceParams = Record<string, string>;

/** One value per name: Binance refuses a parameter sent twice in the same part of the request. */
function paramsIn(raw: string): BinanceParams {
  // No prototype: a parameter named __proto__ is a parameter like any other.
  const params: BinanceParams = Object.create(null);
  for (const [name, value] of pairsIn(raw)) {
    if (Object.hasOwn(params, name))
      throw new BinanceError(400, BinanceCode.TOO_MANY_PARAMETERS, 'Duplicate values for a parameter detected.');
    params[name] = value;
  }
  return params;
}

/** What URLSearchParams would decode or drop: percent escapes, '+', surrogates (a lone one is replaced). */
const TO_DECODE = /[%+\uD800-\uDFFF]/;

/**
 * The names and values URLSearchParams reads from `raw`. A form with nothing to decode, as clients
 * send theirs, is cut up by hand: a few times cheaper, on every signed request.
 */
function pairsIn(raw: string): Iterable<[string, string]> {
  if (raw.startsWith('?') || TO_DECODE.test(raw)) return new URLSearchParams(raw);
  const pairs: Array<[string, string]> = [];
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    pairs.push(equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)]);
  }
  return pairs;
}

/** A request's query string and form body as one set of parameters: a name in both is taken from the query string, as Binance does. */
export function paramsOf(rawQuery: string, rawBody: string): BinanceParams {
  const params = paramsIn(rawBody);
  return rawQuery === '' ? params : Object.assign(params, paramsIn(rawQuery));
}

/** The parameters of a request without a signature: its query string (signed-request.ts reads signed ones). */
export const queryParams = (querystring: string): BinanceParams => paramsOf(querystring, '');

/** What a parameter's reader refuses with; carried on the zod issue to parseParams. */
interface BinanceIssueParams {
  binanceCode: number;
}

/** What the signature check reads; every signed route accepts them beside its own. */
const SIGNATURE_PARAMS = ['timestamp', 'recvWindow', 'signature'];

export const mandatory = (name: string) =>
  new BinanceError(
    400,
    BinanceCode.MANDATORY_PARAM_EMPTY_OR_MALFORMED,
    `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
  );

/** Neither of two parameters, one of which must be sent. */
export const eitherMandatory = (first: string, second: string) =>
  new BinanceError(
    400,
    BinanceCode.MANDATORY_PARAM_EMPTY_OR_MALFORMED,
    `Param '${first}' or '${second}' must be sent, but both were empty/null!`,
  );

export const notRequired = (name: string) =>
  new BinanceError(400, BinanceCode.PARAM_NOT_REQUIRED, `Parameter '${name}' sent when not required.`);

export const invalidValue = (name: string) =>
  new BinanceError(400, BinanceCode.INVALID_PARAMETER, `Data sent for parameter '${name}' is not valid.`);

export const badCombination = () =>
  new BinanceError(400, BinanceCode.OPTIONAL_PARAMS_BAD_COMBO, 'Combination of optional parameters invalid.');

export const invalidSymbol = () => new BinanceError(400, BinanceCode.BAD_SYMBOL, 'Invalid symbol.');

/**
 * Checks `params` against a route's parameters (and, with `signed`, the signature's). Answers the
 * first failure as Binance words it; unknown names are refused, as Binance does.
 */
export function parseParams<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  params: BinanceParams,
  signed = false,
): z.output<z.ZodObject<Shape>> {
  const { shape } = schema;
  const names = Object.keys(params);
  let read = 0;
  for (const name of names) if (Object.hasOwn(shape, name) || (signed && SIGNATURE_PARAMS.includes(name))) read++;
  if (read < names.length) {
    throw new BinanceError(
      400,
      BinanceCode.UNREAD_PARAMETERS,
      `Not all sent parameters were read; read '${read}' parameter(s) but was sent '${names.length}'.`,
    );
  }
  const readers = readersOf(schema);
  return (readers ? readParams(readers, params) : parseWithZod(schema, params)) as z.output<z.ZodObject<Shape>>;
}

function parseWithZod(schema: z.ZodObject, params: BinanceParams): unknown {
  // Sent empty counts as not sent, as Binance reads it.
  const sent = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(sent);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? '');
  const code = (issue as { params?: BinanceIssueParams }).params?.binanceCode;
  if (code !== undefined) throw new BinanceError(400, code, issue.message);
  throw mandatory(name);
}

/** A parameter of a schema made of the readers below only: its reader, run without zod. */
interface ParamReader {
  name: string;
  read: (text: string) => unknown;
  optional: boolean;
}

/** The reader each `param()` schema wraps. */
const paramReaders = new WeakMap<z.ZodType, (text: string) => unknown>();
const schemaReaders = new WeakMap<z.ZodObject, ParamReader[] | null>();

/**
 * A schema's parameters as their readers, in its order, when each is a `param()` (optional or
 * not); null when one is something else for zod to check (a default, a length...). Zod would run
 * the same readers, after copying the parameters and building its result: a signed order's
 * parameters are checked this way on every request.
 */
function readersOf(schema: z.ZodObject): ParamReader[] | null {
  let readers = schemaReaders.get(schema);
  if (readers === undefined) {
    readers = [];
    for (const [name, field] of Object.entries(schema.shape)) {
      const optional = field instanceof z.ZodOptional;
      const read = paramReaders.get(optional ? (field.unwrap() as z.ZodType) : field);
      if (!read) {
        readers = null;
        break;
      }
      readers.push({ name, read, optional });
    }
    schemaReaders.set(schema, readers);
  }
  return readers;
}

/** As zod would check them: in the schema's order, the first failure answered; sent empty counts as not sent. */
function readParams(readers: ParamReader[], params: BinanceParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { name, read, optional } of readers) {
    const text: unknown = params[name];
    if ((text === undefined || text === '') && optional) continue;
    // Not sent, or not text (a WebSocket API request's JSON): what z.string() refuses.
    if (typeof text !== 'string' || text === '') throw mandatory(name);
    const value = read(text);
    if (value instanceof BinanceError) throw value;
    values[name] = value;
  }
  return values;
}

/** A failure of a parameter's reader, answered with Binance's code and message. */
function refuse(ctx: z.RefinementCtx, error: BinanceError): never {
  ctx.addIssue({ code: 'custom', message: error.message, params: { binanceCode: error.code } });
  return z.NEVER as never;
}

/** A parameter with characters outside its legal range (Binance's own regular expression). */
export const illegal = (name: string, range: string) =>
  new BinanceError(
    400,
    BinanceCode.ILLEGAL_CHARS,
    `Illegal characters found in parameter '${name}'; legal range is '${range}'.`,
  );

/**
 * A parameter read from its text by `read`, which answers its value or a Binance error. Not sent
 * (or sent empty) is refused (-1102) unless the schema is made `.optional()`.
 */
export function param<T>(read: (text: string) => T | BinanceError) {
  const schema = z.string().transform((text, ctx): T => {
    const value = read(text);
    return value instanceof BinanceError ? refuse(ctx, value) : value;
  });
  paramReaders.set(schema, read);
  return schema;
}

const SYMBOL = /^[A-Z0-9-_.]{1,20}$/;
const SYMBOL_RANGE = '^[A-Z0-9-_.]{1,20}$';

/** One of our book markets, by its Binance symbol (BTCUSDT). */
export const symbolParam = (catalog: MarketCatalog, name = 'symbol') =>
  param((text): BookMarket | BinanceError => {
    if (!SYMBOL.test(text)) return illegal(name, SYMBOL_RANGE);
    return catalog.findBookMarket(text) ?? invalidSymbol();
  });

const SYMBOLS_RANGE = '^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$';

/** A JSON list of symbols, `["BTCUSDT","ETHUSDT"]`: each one of our book markets, each once. */
export const symbolsParam = (catalog: MarketCatalog, name = 'symbols') =>
  param((text): BookMarket[] | BinanceError => {
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      return illegal(name, SYMBOLS_RANGE);
    }
    if (!Array.isArray(list) || !list.every((s): s is string => typeof s === 'string' && SYMBOL.test(s)))
      return illegal(name, SYMBOLS_RANGE);
    if (new Set(list).size < list.length)
      return new BinanceError(400, BinanceCode.BAD_SYMBOL, 'Symbol is present multiple times in the list.');
    const markets = list.map((symbol) => catalog.findBookMarket(symbol));
    return markets.every((market): market is BookMarket => market !== undefined) ? markets : invalidSymbol();
  });

const INTEGER = /^-?[0-9]{1,20}$/;

/** A whole number within [min, max] (Binance's longs and ints), as a JS number. */
export const integerParam = (name: string, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  param((text): number | BinanceError => {
    if (!INTEGER.test(text)) return illegal(name, '^[0-9]{1,20}$');
    const value = Number(text);
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : invalidValue(name);
  });

/** The latest time a JavaScript Date holds, in ms since the epoch (in the year 275760; PostgreSQL's timestamps go further). */
const MAX_TIME_MS = 8.64e15;

/** A time in ms since the epoch (startTime, endTime); one past what a Date holds is refused (-1130), not read into a query. */
export const timeParam = (name: string) => integerParam(name, 0, MAX_TIME_MS);

const DECIMAL = /^([0-9]{1,20})(\.[0-9]{1,20})?$/;
const DECIMAL_RANGE = '^([0-9]{1,20})(\\.[0-9]{1,20})?$';

/** A non-negative decimal, kept exact as plain text; more than ASSET_PRECISION decimals is refused (-1111). */
export const decimalParam = (name: string) =>
  param((text): string | BinanceError => {
    if (!DECIMAL.test(text)) return illegal(name, DECIMAL_RANGE);
    const decimals = text.split('.')[1]?.replace(/0+$/, '').length ?? 0;
    if (decimals > ASSET_PRECISION)
      return new BinanceError(400, BinanceCode.BAD_PRECISION, 'Precision is over the maximum defined for this asset.');
    return text;
  });

/** One of `values`; anything else is refused with `error` (Binance has a code of its own for each enum). */
export const enumParam = <T extends string>(values: readonly T[], error: () => BinanceError) =>
  param((text): T | BinanceError => (values.includes(text as T) ? (text as T) : error()));

/** Binance's booleans: 'true' or 'false'. */
export const booleanParam = (name: string) =>
  param((text): boolean | BinanceError =>
    text === 'true' ? true : text === 'false' ? false : illegal(name, '^(true|false)$'),
  );

const TIME_ZONE = /^([+-])?([0-9]{1,2})(?::([0-5][0-9]))?$/;
/** Binance's range of time zones: -12:00 to +14:00. */
const TIME_ZONE_MINUTES = { least: -12 * 60, most: 14 * 60 };

/**
 * A time zone as Binance takes it (`timeZone`): hours and minutes (`-1:00`, `05:45`) or hours
 * only (`0`, `8`), from -12:00 to +14:00; its offset from UTC in ms.
 */
export const timeZoneParam = (name = 'timeZone') =>
  param((text): number | BinanceError => {
    const match = TIME_ZONE.exec(text);
    if (!match) return invalidValue(name);
    const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
    if (minutes < TIME_ZONE_MINUTES.least || minutes > TIME_ZONE_MINUTES.most) return invalidValue(name);
    return minutes * 60_000;
  });
