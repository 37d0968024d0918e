import { In, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { User } from '../../identity/auth/user.entity';

/** Whose item it is, embedded in the admin lists' items. */
export const userRefSchema = z.object({ id: z.uuid(), full_name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** An item's owner as a queue's admin view reads it: the embedded ref, and the reference on their bank transfers. */
export interface ItemOwner {
  ref: UserRef;
  deposit_reference: string;
}

/** The owners of a list's items, looked up in one query. */
export async function itemOwners(manager: EntityManager, userIds: Iterable<string>): Promise<Map<string, ItemOwner>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const users = await manager.getRepository(User).find({
    where: { id: In(ids) },
    select: { id: true, full_name: true, email: true, deposit_reference: true },
  });
  return new Map(
    users.map(({ id, full_name, email, deposit_reference }) => [
      id,
      { ref: { id, full_name, email }, deposit_reference },
    ]),
  );
}

/** Who the items of an admin list belong to, as {id, full_name, email}. */
export async function userRefs(manager: EntityManager, userIds: Iterable<string>): Promise<Map<string, UserRef>> {
  const owners = await itemOwners(manager, userIds);
  return new Map([...owners].map(([id, owner]) => [id, owner.ref]));
}
