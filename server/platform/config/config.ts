import { z } from 'zod';

/** Every setting of the server, read once from the environment. */
const booleanSwitch = z.enum(['on', 'off']);
/** A fraction of the trade value, e.g. 0.001 = 0.1%; whole parts per million. */
export const feeRateSchema = z
  .string()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a decimal between 0 and 1 with at most 6 decimals');
const feeRate = feeRateSchema.default('0.001');
/** A cap on how many requests may wait, or how many a user may make a minute: 0 means no cap. */
const countCap = (byDefault: number) => z.coerce.number().int().min(0).default(byDefault);
/** A cap on an amount, in dollars with at most 2 decimals: 0 means no cap. */
const dollarCap = (byDefault: string) =>
  z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be a dollar amount with at most 2 decimals (0: no cap)')
    .default(byDefault);
/** A duration such as 500ms, 30s, 2m, 24h or 1d, read as milliseconds. */
const DURATION = /^([1-9]\d*)(ms|s|m|h|d)$/;
const MILLISECONDS_PER = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const duration = z
  .string()
  .regex(DURATION, 'must look like 500ms, 30s, 2m, 24h or 1d')
  .transform((text) => {
    const [, amount, unit] = DURATION.exec(text)!;
    return Number(amount) * MILLISECONDS_PER[unit as keyof typeof MILLISECONDS_PER];
  });
const DESK_SPREAD_RULE = 'must be a decimal between 0 and 0.1 with at most 6 decimals';

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** History reads go here: synchronous standbys with remote_apply only (server/platform/db/README.md). */
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Unset: DATABASE_POOL_SIZE. */
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** host:port of Redis Sentinels, comma-separated: the master is found through them instead of REDIS_URL. */
  REDIS_SENTINELS: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}(,[\w.-]+:\d{1,5})*$/, 'must be host:port pairs separated by commas')
    .transform((list) =>
      list.split(',').map((node) => {
        const [host, port] = node.split(':');
        return { host: host!, port: Number(port) };
      }),
    )
    .refine((nodes) => nodes.every(({ port }) => port >= 1 && port <= 65535), 'ports must be 1-65535')
    .optional(),
  /** The master group the sentinels monitor. */
  REDIS_SENTINEL_NAME: z.string().min(1).default('mymaster'),
  /** Namespace of this deployment's Redis channels and keys; unset: derived from the database (bus/redis-prefix.ts). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:./@-]{1,200}$/, 'must be 1-200 letters, digits or : . / @ - _')
    .optional(),
  /** Several processes share the books (server/trading/cluster); needs Redis and a PostgreSQL DATABASE_URL. */
  CLUSTER: booleanSwitch.default('off'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 12h, 30m or 7d')
    .default('12h'),
  /** Encrypts secrets kept in the database (two-factor and API key secrets); unset: generated in DATA_DIR. */
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes)')
    .optional(),
  /**
   * Keys that sealed secrets before ENCRYPTION_KEY did, comma-separated: they still open those until
   * `npm run rotate-secrets` has sealed them again under ENCRYPTION_KEY (server/platform/crypto/README.md).
   */
  ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'must be keys of 64 hexadecimal digits, separated by commas')
    .transform((keys) => keys.split(','))
    .default([]),
  /** Administrators must turn on two-factor authentication before they can do anything else. */
  ADMIN_REQUIRE_2FA: booleanSwitch.default('off'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  MARKET_FEED: z.enum(['public', 'simulated', 'off']).default('simulated'),
  /** Seeds the simulated walk so a run can be replayed; unset: a different walk each start. */
  MARKET_FEED_SEED: z.coerce.number().int().min(0).max(4294967295).optional(),
  MARKET_MAKER: booleanSwitch.default('on'),
  /**
   * Simulated takers trading with the market maker, and a seeded past for every market without
   * trades (server/trading/market-history). `npm start` turns it on; tests leave it off.
   */
  MARKET_FLOW: booleanSwitch.default('off'),
  /** Trading fees, charged in USD. */
  MAKER_FEE_RATE: feeRate,
  TAKER_FEE_RATE: feeRate,
  /**
   * How wide the desk quotes around the reference, as a fraction (0.002 = 0.2%: the ask 0.1%
   * above, the bid 0.1% below). Above 10% is surely a mistyped percentage.
   */
  DESK_SPREAD: z
    .string()
    .regex(/^0(\.\d{1,6})?$/, DESK_SPREAD_RULE)
    .refine((fraction) => Number(fraction) <= 0.1, DESK_SPREAD_RULE)
    .default('0.002'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /**
   * The funding caps' defaults: administrators change them on the admin page (server/money/funding/funding-caps.ts).
   * Requests one user may have waiting for an administrator at once, per kind.
   */
  MAX_PENDING_DEPOSITS: countCap(5),
  MAX_PENDING_WITHDRAWALS: countCap(5),
  /** The most one deposit or withdrawal request may ask for. */
  MAX_DEPOSIT_AMOUNT: dollarCap('1000000'),
  MAX_WITHDRAWAL_AMOUNT: dollarCap('1000000'),
  /** The most one user's deposit or withdrawal requests of a day (UTC) may add up to. */
  MAX_DAILY_DEPOSIT_AMOUNT: dollarCap('5000000'),
  MAX_DAILY_WITHDRAWAL_AMOUNT: dollarCap('5000000'),
  /** Per user per minute: deposit and withdrawal requests and desk trades together. */
  MONEY_RATE_LIMIT: countCap(600),
  /** Per user per minute: orders placed and cancelled together. */
  ORDER_RATE_LIMIT: countCap(6000),
  /**
   * Reverse proxies in front, each adding the address it was reached from to X-Forwarded-For: 'on'
   * is one, whose entry (the last) is the client's address; a count N reads the entry the outermost
   * of N trusted proxies added, N from the right; 'off' the connection's address. Entries before
   * those were written by the client itself and are never read.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|[1-9]\d*)$/, 'must be on, off or the number of trusted proxies in front')
    .default('off'),
  /** The Binance-compatible API's request weight a client address may use a minute (0: no limit). */
  API_WEIGHT_LIMIT: countCap(6000),
  /** Orders an account may send through the Binance-compatible API per 10 seconds, and per day (0: no limit). */
  API_ORDER_LIMIT: countCap(100),
  API_DAILY_ORDER_LIMIT: countCap(200000),
  /**
   * The Binance-compatible API bans a client address that goes on past its limits (HTTP 418): after
   * this many requests refused with 429 in a minute (0: never), for API_BAN_DURATION, each further
   * ban of the address (within a day of its last) twice as long, up to API_BAN_MAX_DURATION.
   */
  API_BAN_AFTER_429S: countCap(50),
  API_BAN_DURATION: duration.prefault('2m'),
  API_BAN_MAX_DURATION: duration.prefault('72h'),
  /** WebSocket connections (market streams, WebSocket API) one client address may open per 5 minutes (0: no limit). */
  STREAM_CONNECTION_LIMIT: countCap(300),
  /** How long a WebSocket connection lives before it is closed for its client to reconnect. */
  STREAM_CONNECTION_LIFETIME: duration.prefault('24h'),
  /** Socket.IO connections one client address may keep open at once, in each process (0: no limit). */
  SOCKET_CONNECTION_LIMIT: countCap(100),
  /**
   * Connections one process keeps open at once, Socket.IO's, the market streams' and the WebSocket
   * API's together; never more than three quarters of its descriptor limit, the rest kept for REST
   * requests, the database and Redis (streams/descriptor-limit.ts). Unset: that much.
   */
  PROCESS_CONNECTION_LIMIT: z.coerce.number().int().min(1).optional(),
  CLIENT_DIST: z.string().min(1).default('client/dist'),
  /**
   * How long a client has to send a whole request, headers and body (the headers alone get at most
   * 10 s): a connection trickling its body is cut then. Enough for a 10 MB document at 2 Mbit/s.
   */
  REQUEST_TIMEOUT: duration.prefault('60s'),
  /**
   * Serves Prometheus metrics at GET /metrics on a plain HTTP server of its own on this port (and
   * HOST), apart from the public one: for a scraper on the private network (server/platform/metrics).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Serves GET /metrics on the public port too, to a request with `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * How often Earn positions accrue interest (principal x APY x this / 365 days), each interval of a
   * position credited once (server/money/earn). A position keeps the interval it was subscribed under.
   */
  EARN_ACCRUAL_INTERVAL: duration.prefault('1d'),
  /** Where traders reach the venue (https://exchange.example.com): links it gives out start with it; without it, the request's own origin. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The share of every fee a referred trader pays that goes to the trader who referred it, paid from
   * the venue's fee revenue once per trade and side (server/trading/referrals).
   */
  REFERRAL_COMMISSION_RATE: feeRateSchema.default('0.2'),
  /** How long SIGTERM waits for requests and trading rounds in flight to finish before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT: duration.prefault('10s'),
});

export type Config = z.infer<typeof configSchema>;

/**
 * Koa's options for TRUST_PROXY: maxIpsCount keeps the last N entries of X-Forwarded-For and koa's
 * `ip` is the first of them, the entry N from the right ('on': 1). Every reader of a client address
 * goes through koa (a WebSocket's too, server/app.ts), so all read the same entry.
 */
export function proxyOptions(trustProxy: Config['TRUST_PROXY']): { proxy: boolean; maxIpsCount?: number } {
  if (trustProxy === 'off') return { proxy: false };
  return { proxy: true, maxIpsCount: trustProxy === 'on' ? 1 : Number(trustProxy) };
}

export class ConfigError extends Error {}

/** Whether Redis is used: through Sentinel (REDIS_SENTINELS) or at REDIS_URL. */
export const usesRedis = (config: Pick<Config, 'REDIS_URL' | 'REDIS_SENTINELS'>): boolean =>
  Boolean(config.REDIS_SENTINELS ?? config.REDIS_URL);

/** Parses the environment; a bad variable is named in the error, never silently defaulted. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL)
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL: needs DATABASE_URL (standbys of a PostgreSQL)');
  return parsed.data;
}
