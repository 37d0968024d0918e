import type { ServerContext } from './context';

/**
 * What the admin room hears about: which list changed, so the admin page reloads it. The list is a
 * queue's kind, 'user' or 'bank_account'. Several domains change those lists, so it sits below them.
 */
export const announceToAdmins = (ctx: Pick<ServerContext, 'notifier'>, list: string) =>
  ctx.notifier.toAdmins('admin:update', { kind: list });
