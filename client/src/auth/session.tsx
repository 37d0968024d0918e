/** Session: anonymous, user or admin, decided by the stored token and the is_admin flag. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, getToken, SESSION_EXPIRED_EVENT, setToken } from '../api/client';
import { authApi } from '../api/endpoints';
import type { Registration, SignedInUser as User } from '../api/types';
import { restartRealtime, useRealtime } from '../realtime/useRealtime';

interface Session {
  user: User | null;
  /** True while the stored token is being checked on start. */
  loading: boolean;
  /**
   * `onSignedIn` runs in the same tick as the session update, so state it sets (the destination)
   * renders together with the new user.
   */
  /** Rejects with the server's 401 'Two-factor code required' when the account needs `totp` too. */
  login: (credentials: Credentials, onSignedIn?: (user: User) => void) => Promise<User>;
  register: (registration: Registration, onSignedIn?: (user: User) => void) => Promise<User>;
  /** Ends the session on the server and forgets its token here. */
  logout: () => void;
  /** Re-read the user (kyc_status, balance) from the server. */
  refreshUser: () => Promise<void>;
  /** Patch the cached user, e.g. with a pushed balance. */
  patchUser: (patch: Partial<User>) => void;
  /**
   * True once the server ended the sign-in without the user logging out here (logged out from
   * another device, sessions revoked, the token expired): the login page says so. False again at
   * the next sign-in.
   */
  endedElsewhere: boolean;
}

export interface Credentials {
  email: string;
  password: string;
  /** The two-factor code (or a recovery code), once the server asks for it. */
  totp?: string;
}

const SessionContext = createContext<Session | null>(null);

/** Answers that refuse the token (expired, revoked, the account suspended). */
const REFUSED = new Set([401, 403]);
/** How often the page asks who it is before showing the sign-in (0.5, 1 and 2 s apart). */
const WHO_AM_I_ATTEMPTS = 4;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => getToken() !== null);
  const [endedElsewhere, setEndedElsewhere] = useState(false);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    const ask = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const me = await authApi.me();
          if (!cancelled) setUser(me);
          return;
        } catch (error) {
          if (cancelled) return;
          // Only the server refusing the token ends the session. No answer, a busy server (429) or
          // one that cannot tell (5xx) says nothing of the token: ask again a few times, then keep
          // it for the next visit.
          if (error instanceof ApiError && REFUSED.has(error.status)) {
            setToken(null);
            setUser(null);
            return;
          }
          if (attempt === WHO_AM_I_ATTEMPTS) {
            setUser(null);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
          if (cancelled) return;
        }
      }
    };
    void ask().finally(() => {
      if (!cancelled) setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  /** Forgets a session the server has already ended; the socket reconnects as a visitor's. */
  const endHere = useCallback(() => {
    setToken(null);
    setUser(null);
    restartRealtime();
  }, []);

  /** The server refused our token, or told us the account is suspended. */
  const endedByServer = useCallback(() => {
    endHere();
    setEndedElsewhere(true);
  }, [endHere]);

  useEffect(() => {
    window.addEventListener(SESSION_EXPIRED_EVENT, endedByServer);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, endedByServer);
  }, [endedByServer]);

  const startSession = useCallback((token: string, next: User, onSignedIn?: (user: User) => void) => {
    setToken(token);
    setUser(next);
    setEndedElsewhere(false);
    onSignedIn?.(next);
    restartRealtime();
    return next;
  }, []);

  const login = useCallback(
    async ({ email, password, totp }: Credentials, onSignedIn?: (user: User) => void) => {
      const { token, user: next } = await authApi.login(email, password, totp);
      return startSession(token, next, onSignedIn);
    },
    [startSession],
  );

  const register = useCallback(
    async (registration: Registration, onSignedIn?: (user: User) => void) => {
      const { token, user: next } = await authApi.register(registration);
      return startSession(token, next, onSignedIn);
    },
    [startSession],
  );

  const logout = useCallback(() => {
    // The call takes the stored token as it starts, so the token can go at once: the screens leave
    // without waiting for the server.
    authApi.logout().catch((error) => console.warn('session: logout not confirmed by the server', error));
    endHere();
  }, [endHere]);

  const refreshUser = useCallback(async () => {
    if (!getToken()) return;
    try {
      setUser(await authApi.me());
    } catch (error) {
      console.warn('session: could not refresh user', error);
    }
  }, []);

  const patchUser = useCallback((patch: Partial<User>) => {
    setUser((current) => (current ? { ...current, ...patch } : current));
  }, []);

  // Pushed changes to the signed-in user: balance, and KYC decisions (trading unlocks at once).
  useRealtime([], {
    balance: (event) => patchUser({ balance: Number(event.balance) }),
    funding: (event) => {
      if (event.kind === 'kyc') void refreshUser();
    },
    // Suspended by an administrator: told just before the server closes the socket, so the page leaves at once.
    suspended: endedByServer,
    // The server closes a session's sockets when it ends (logged out from another device, a
    // suspension): asking who we are then gets the 401 that ends it here too.
    disconnect: (reason) => {
      if (reason !== 'io server disconnect' || !getToken()) return;
      // Still signed in (the server closed it for another reason): the socket comes back.
      void refreshUser().then(() => getToken() && restartRealtime());
    },
  });

  const value = useMemo(
    () => ({ user, loading, login, register, logout, refreshUser, patchUser, endedElsewhere }),
    [user, loading, login, register, logout, refreshUser, patchUser, endedElsewhere],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export const homeFor = (user: User | null): string => (!user ? '/' : user.is_admin ? '/admin' : '/dashboard');
