import type Koa from 'koa';
import type { Context } from 'koa';
import type { ServerContext } from '../modules/context';
import { unauthorized } from './errors';
import { createRateLimiter, rateLimited } from './rate-limit';

/**
 * What a user may do a minute, counted under their id: `money` is deposit and withdrawal requests
 * and desk trades (MONEY_RATE_LIMIT), `orders` is orders placed and cancelled (ORDER_RATE_LIMIT,
 * higher: programs trade faster than people). 0 is no limit.
 */
export type UserBudget = 'money' | 'orders';

type Guard = (ctx: Context) => Promise<void>;

/** Each app's guards: route declarations are written before the app that serves them exists. */
const guardsOfApp = new WeakMap<Koa, Record<UserBudget, Guard>>();

/** Sets up the app's per-user budgets, shared through Redis when it is there. */
export function installUserRateLimits(
  app: Koa,
  { config, redis, redisPrefix }: Pick<ServerContext, 'config' | 'redis' | 'redisPrefix'>,
  /** The user a request's token names (the identity layer's authenticator). */
  callerId: (ctx: Context) => Promise<string | null>,
): void {
  // The guards run after the route's access check, so the token was verified (and is remembered).
  const userId = async (ctx: Context) => {
    const id = await callerId(ctx);
    if (!id) throw unauthorized();
    return id;
  };
  const guard = (budget: UserBudget, perMinute: number, detail: string): Guard =>
    perMinute === 0
      ? async () => undefined
      : rateLimited(createRateLimiter(budget, perMinute, redis, redisPrefix), userId, detail);
  guardsOfApp.set(app, {
    money: guard('money', config.MONEY_RATE_LIMIT, 'Too many requests, please try again in a minute'),
    orders: guard('orders', config.ORDER_RATE_LIMIT, 'Too many orders, please try again in a minute'),
  });
}

/** A route's `before:` guard: its calls count against the caller's budget; beyond it, 429 with Retry-After. */
export const userRateLimit =
  (budget: UserBudget): Guard =>
  async (ctx) => {
    const guards = guardsOfApp.get(ctx.app);
    if (!guards) throw new Error('installUserRateLimits was not called for this app');
    await guards[budget](ctx);
  };
