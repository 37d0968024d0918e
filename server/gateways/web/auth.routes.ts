import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { rateLimited } from '../../platform/http/rate-limit';
import { route } from './route';
import {
  changePasswordBody,
  loginBody,
  loginHistoryItem,
  registerBody,
  sessionResponse,
  userResponse,
} from '../../identity/sign-in/sign-in.schemas';
import type { SignInService } from '../../identity/sign-in/sign-in.service';
import { loginHistory } from '../../identity/sign-in/login-history';

/** `limiter` counts attempts per client address; failures per account are the service's throttles. */
export function authRoutes(auth: SignInService, dataSource: DataSource, limiter: RateLimiterAbstract) {
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
      handler: ({ body, ctx }) => auth.register(ctx, body),
    }),
    route({
      method: 'post',
      path: '/auth/login',
      summary:
        'Sign in with e-mail and password, and `totp` when the account has two-factor on (without it: 401 with two_factor_required)',
      tags: ['auth'],
      access: 'public',
      before: [limit],
      body: loginBody,
      response: sessionResponse,
      handler: ({ body, ctx }) => auth.login(ctx, body),
    }),
    route({
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in user',
      tags: ['auth'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      response: userResponse,
      handler: ({ user }) => auth.view(dataSource.manager, user),
    }),
    route({
      method: 'post',
      path: '/account/password',
      summary: 'Change the password (the current one is asked again); every other session ends',
      tags: ['account'],
      access: 'user',
      before: [limit],
      body: changePasswordBody,
      response: z.object({ sessions_ended: z.number() }),
      handler: ({ body, user }) => auth.changePassword(user, body.current_password, body.new_password),
    }),
    route({
      method: 'get',
      path: '/account/logins',
      summary: 'The latest 50 logins to the account, newest first: when, from where, and why a refused one was refused',
      tags: ['account'],
      access: 'user',
      response: z.array(loginHistoryItem),
      handler: ({ user }) => loginHistory(dataSource.manager, user.id),
    }),
  ];
}
