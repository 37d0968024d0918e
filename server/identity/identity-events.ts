/** What the identity domain tells after a commit (on DomainEvents). */
export type IdentityEvent =
  /** A user registered (the administrators' list of users changed), referred by `referrerId` if anyone. */
  | { type: 'identity.user-registered'; userId: string; referrerId: string | null }
  /** These sign-ins ended (a logout, a session ended, a suspension): whatever they opened closes. */
  | { type: 'identity.sessions-ended'; sessionIds: string[] };

declare module '../platform/bus/domain-events' {
  interface DomainEventTypes {
    identity: IdentityEvent;
  }
}
