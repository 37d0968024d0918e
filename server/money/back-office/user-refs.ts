import { In, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { User } from '../../identity/auth/user.entity';

/** Whose item it is, embedded in the admin lists' items. */
export const userRefSchema = z.object({ id: z.uuid(), full_name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** Who the items of an admin list belong to, as {id, full_name, email}, looked up in one query. */
export async function userRefs(manager: EntityManager, userIds: Iterable<string>): Promise<Map<string, UserRef>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const users = await manager
    .getRepository(User)
    .find({ where: { id: In(ids) }, select: { id: true, full_name: true, email: true } });
  return new Map(users.map((user) => [user.id, { id: user.id, full_name: user.full_name, email: user.email }]));
}
