import { z } from 'zod';
import { recordId } from '../../money/back-office/decision-inputs';
import { route } from './route';
import type { SessionService } from '../../identity/sessions/sessions.service';

const sessionItem = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});

/** Logout, and the signed-in devices of an account: seen, and ended one by one. */
export function sessionsRoutes(sessions: SessionService) {
  return [
    route({
      method: 'post',
      path: '/auth/logout',
      summary: "End the caller's session: its token stops working and its sockets close",
      tags: ['auth'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      status: 204,
      handler: async ({ user, ctx }) => {
        await sessions.end(user.id, user.session_id);
        ctx.status = 204;
      },
    }),
    route({
      method: 'get',
      path: '/account/sessions',
      summary: "The account's signed-in sessions, the most recently seen first; `current` marks the caller's",
      tags: ['account'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      response: z.array(sessionItem),
      handler: ({ user }) => sessions.list(user.id, user.session_id),
    }),
    route({
      method: 'delete',
      path: '/account/sessions/:id',
      summary: 'End one of the caller\'s sessions ("log out that device"): its token stops working at once',
      tags: ['account'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      params: z.object({ id: recordId }),
      status: 204,
      handler: async ({ params, user, ctx }) => {
        await sessions.end(user.id, params.id);
        ctx.status = 204;
      },
    }),
  ];
}
