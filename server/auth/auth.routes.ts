import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { rateLimited } from '../http/rate-limit';
import { route } from '../http/route';
import { loginBody, registerBody, sessionResponse, userResponse } from './auth.schemas';
import type { AuthService } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import { userView } from './user-view';

/** `limiter` counts attempts per client address, `throttle` failures per account (however many addresses try it). */
export function authRoutes(
  auth: AuthService,
  dataSource: DataSource,
  limiter: RateLimiterAbstract,
  throttle: LoginThrottle,
) {
  const limit = rateLimited(limiter);
  return [
    route({
      method: 'post',
      path: '/auth/register',
      summary: 'Create a trader account and sign in',
      tags: ['auth'],
      access: 'public',
      before: [limit],
      body: registerBody,
      response: sessionResponse,
      handler: ({ body }) => auth.register(body),
    }),
    route({
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in with e-mail and password',
      tags: ['auth'],
      access: 'public',
      before: [limit],
      body: loginBody,
      response: sessionResponse,
      handler: async ({ body, ctx }) => auth.login(body.email, body.password, await throttle.begin(ctx, body.email)),
    }),
    route({
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in user',
      tags: ['auth'],
      access: 'user',
      response: userResponse,
      handler: ({ user }) => userView(dataSource.manager, user),
    }),
  ];
}
