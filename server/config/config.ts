import { z } from 'zod';

/** Every setting of the server, read once from the environment. */
const booleanSwitch = z.enum(['on', 'off']);
/** A fraction of the trade value, e.g. 0.001 = 0.1%; whole parts per million. */
const feeRate = z
  .string()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a decimal between 0 and 1 with at most 6 decimals')
  .default('0.001');
const DESK_SPREAD_RULE = 'must be a decimal between 0 and 0.1 with at most 6 decimals';

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Several processes share the books (server/cluster); needs REDIS_URL and a PostgreSQL DATABASE_URL. */
  CLUSTER: booleanSwitch.default('off'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 12h, 30m or 7d')
    .default('12h'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  MARKET_FEED: z.enum(['public', 'simulated', 'off']).default('simulated'),
  /** Seeds the simulated walk so a run can be replayed; unset: a different walk each start. */
  MARKET_FEED_SEED: z.coerce.number().int().min(0).max(4294967295).optional(),
  MARKET_MAKER: booleanSwitch.default('on'),
  /** Trading fees, charged in USD. */
  MAKER_FEE_RATE: feeRate,
  TAKER_FEE_RATE: feeRate,
  /**
   * How wide the house desk quotes around the reference, as a fraction (0.002 = 0.2%: the ask 0.1%
   * above, the bid 0.1% below). Above 10% is surely a mistyped percentage.
   */
  DESK_SPREAD: z
    .string()
    .regex(/^0(\.\d{1,6})?$/, DESK_SPREAD_RULE)
    .refine((fraction) => Number(fraction) <= 0.1, DESK_SPREAD_RULE)
    .default('0.002'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CLIENT_DIST: z.string().min(1).default('client/dist'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad variable is named in the error, never silently defaulted. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}
