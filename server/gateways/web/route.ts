import type { Context } from 'koa';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../identity/auth/authenticated-user';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';

/**
 * Who may call a route:
 * public - anyone; user - any signed-in active account; trader - signed-in non-admin; admin - admins only;
 * signed - a valid token, the account unread: for a handler that checks it itself where it acts, as
 * order placement does in the order's round (suspension, role, KYC read with the balances it spends),
 * where a read per request would be a second one.
 */
export type Access = 'public' | 'user' | 'trader' | 'admin' | 'signed';

/** Who a `signed` route is called by: the user id its token names. */
export interface SignedCaller {
  id: string;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type CallerOf<A extends Access> = A extends 'public'
  ? AuthenticatedUser | null
  : A extends 'signed'
    ? SignedCaller
    : AuthenticatedUser;

export interface RouteRequest<A extends Access, Q, B, P, I> {
  query: Infer<Q>;
  body: Infer<B>;
  params: Infer<P>;
  /** Query string and JSON body merged (body wins): the venue's actions take their POST parameters in the query string. */
  input: Infer<I>;
  user: CallerOf<A>;
  /** Set on an `idempotent` route called with an Idempotency-Key: the handler's service records its answer with its work. */
  keyed: KeyedRequest | null;
  ctx: Context;
}

/**
 * One declaration per route: it validates the request and feeds the OpenAPI description.
 * A handler returns the JSON body; `status` overrides the 200 default.
 */
export interface RouteSpec<
  A extends Access = Access,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  I extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** koa-router path under /api, e.g. '/admin/bank-account/:id' */
  path: string;
  summary: string;
  tags: string[];
  access: A;
  query?: Q;
  body?: B;
  params?: P;
  input?: I;
  response?: z.ZodType;
  status?: number;
  /**
   * Open to an administrator who must still turn two-factor on (ADMIN_REQUIRE_2FA): who am I,
   * logout, sessions and the setup itself. Every other route answers them 403.
   */
  reachableBeforeTwoFactor?: boolean;
  /** Extra protections, e.g. rate limiting, run after authentication and before validation. */
  before?: Array<(ctx: Context) => Promise<void>>;
  /**
   * Takes an optional Idempotency-Key (a route that moves money): a repeat gets the first answer
   * and does nothing (see server/platform/idempotency). Not for public routes: keys are per user.
   */
  idempotent?: boolean;
  handler: (request: RouteRequest<A, Q, B, P, I>) => Promise<unknown>;
}

/** Keeps the generic parameters of a route declaration while collecting routes in plain arrays. */
export function route<
  A extends Access,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  I extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<A, Q, B, P, I>): RouteSpec {
  return spec as unknown as RouteSpec;
}
