import { METHODS } from 'node:http';
import Router from '@koa/router';
import type { Context } from 'koa';
import { assertTrader, TWO_FACTOR_SETUP_REQUIRED, type Authenticator } from '../../identity/auth/authenticator';
import type { AuthenticatedUser } from '../../identity/auth/authenticated-user';
import type { IdempotentRequests } from '../../platform/idempotency/idempotent-requests';
import { idempotencyKeyOf, requestHash, type KeyedRequest } from '../../platform/idempotency/keyed-request';
import { Refusal } from '../../kernel/refusal';
import { forbidden, unauthorized } from '../../platform/http/errors';
import { bodyLimitOf, DEFAULT_BODY_LIMIT, jsonBodyReader } from '../../platform/http/request-body';
import type { RouteSpec, SignedCaller } from './route';
import { UploadSlots } from '../../platform/http/upload-slots';
import { flattenQuery, parseOrThrow } from '../../platform/http/validation';

async function authorize(
  { access, reachableBeforeTwoFactor }: RouteSpec,
  ctx: Context,
  authenticator: Authenticator,
): Promise<AuthenticatedUser | SignedCaller | null> {
  if (access === 'signed') {
    const caller = await authenticator.signedRequestCaller(ctx);
    if (!caller) throw unauthorized();
    return { id: caller.id };
  }
  if (access === 'public') {
    // A stale token must not stop anyone from reading public data or logging in again.
    try {
      return await authenticator.identifyRequest(ctx);
    } catch (error) {
      if (error instanceof Refusal) return null;
      throw error;
    }
  }
  const user = await authenticator.identifyRequest(ctx);
  if (!user) throw unauthorized();
  if (!reachableBeforeTwoFactor && authenticator.mustSetUpTwoFactor(user)) throw forbidden(TWO_FACTOR_SETUP_REQUIRED);
  if (access === 'trader') assertTrader(user);
  if (access === 'admin' && !user.is_admin) throw forbidden('Administrator access required');
  return user;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Mounts route declarations under /api: authorize, run guards, read the body, validate, call the
 * handler. The body is read last, within the route's limit: an anonymous or refused caller's body
 * is never read, and the one route that takes megabytes reads them only from whom it may. A call of
 * an `idempotent` route with an Idempotency-Key is answered through `idempotency`.
 */
export function buildApiRouter(
  routes: RouteSpec[],
  authenticator: Authenticator,
  idempotency: IdempotentRequests,
): Router {
  // Every method node reads counts as known: a path's other methods are 405 with Allow (not 501, a 5xx).
  const router = new Router({ prefix: '/api', methods: METHODS });
  const uploads = new UploadSlots();
  for (const spec of routes) {
    if (spec.idempotent && spec.access === 'public')
      throw new Error(`${spec.path}: idempotency keys are per user, a public route cannot take them`);
    const bodyLimit = bodyLimitOf(spec);
    const readBody = jsonBodyReader(bodyLimit);
    const handle = async (ctx: Context, user: AuthenticatedUser | SignedCaller | null) => {
      const key = spec.idempotent ? idempotencyKeyOf(ctx) : null;
      await readBody(ctx);
      const query = flattenQuery(ctx.query);
      const rawBody: unknown = ctx.request.body;
      const body = isPlainObject(rawBody) ? rawBody : {};
      const validated = {
        query: spec.query ? parseOrThrow(spec.query, query) : undefined,
        body: spec.body ? parseOrThrow(spec.body, rawBody ?? {}) : undefined,
        params: spec.params ? parseOrThrow(spec.params, ctx.params) : undefined,
        input: spec.input ? parseOrThrow(spec.input, { ...query, ...body }) : undefined,
      };
      if (key !== null) {
        const keyed: KeyedRequest = {
          userId: user!.id,
          key,
          requestHash: requestHash(spec.method, spec.path, validated),
          successStatus: spec.status ?? 200,
        };
        const answer = await idempotency.answer(keyed, () => spec.handler({ ...validated, user, keyed, ctx }));
        ctx.status = answer.status;
        ctx.body = answer.body;
        return;
      }
      const result = await spec.handler({ ...validated, user, keyed: null, ctx });
      // A handler that answers by itself (a file, a custom status) returns undefined.
      if (result !== undefined) {
        ctx.status = spec.status ?? 200;
        ctx.body = result;
      }
    };
    router[spec.method](spec.path, async (ctx) => {
      const user = await authorize(spec, ctx, authenticator);
      for (const guard of spec.before ?? []) await guard(ctx);
      await (bodyLimit > DEFAULT_BODY_LIMIT ? uploads.hold(ctx, () => handle(ctx, user)) : handle(ctx, user));
    });
  }
  return router;
}
