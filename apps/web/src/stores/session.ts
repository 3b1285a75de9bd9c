import type { LoginResult } from '@cube/contract';
import { create } from 'zustand';
import { loginByUsername, logoutSession, type PasswordLogin, refreshToken } from '../api/auth';
import { clearAll, getStore, removeStore, setStore } from '../lib/storage';

interface SessionSnapshot {
  token: string | undefined;
  refreshToken: string | undefined;
  tenantId: string | undefined;
  /** The whole flat token answer of the last login or refresh. */
  userInfo: LoginResult | undefined;
}

interface SessionState extends SessionSnapshot {
  /**
   * True once the session ended during this page's life (logout or a 401 answer): guarded routes then lead
   * to the login page rather than the public home page.
   */
  signedOut: boolean;
  /** Re-reads the session from browser storage (after boot has set the site key prefix). */
  hydrate: () => void;
  /** Signs in; on failure rejects with the server's `error_description` and stores nothing. */
  login: (login: PasswordLogin) => Promise<LoginResult>;
  /** Takes a token answer obtained another way (third-party login) as the new session. */
  adopt: (result: LoginResult) => void;
  /** Replaces tokens and user info using the refresh token, under the given (or current) dept and role. */
  refresh: (identity?: { deptId?: string; roleId?: string }) => Promise<LoginResult>;
  /** Server logout (its failure does not matter), then the local clearing (tokens, menus, tabs, lock, site keys). */
  logout: () => Promise<void>;
  /** Forced logout without a server call (after a 401 answer). */
  logoutLocally: () => void;
}

const SIGNED_OUT: SessionSnapshot = {
  token: undefined,
  refreshToken: undefined,
  tenantId: undefined,
  userInfo: undefined,
};

function readStoredSession(): SessionSnapshot {
  return {
    token: getStore<string>('token'),
    refreshToken: getStore<string>('refreshToken'),
    tenantId: getStore<string>('tenantId'),
    userInfo: getStore<LoginResult>('userInfo'),
  };
}

function storeTokens(result: LoginResult): SessionSnapshot {
  setStore('token', result.access_token);
  setStore('refreshToken', result.refresh_token);
  setStore('tenantId', result.tenant_id);
  setStore('userInfo', result);
  return {
    token: result.access_token,
    refreshToken: result.refresh_token,
    tenantId: result.tenant_id,
    userInfo: result,
  };
}

/** A fresh login starts unlocked and with the tab list reset to the home tab. */
function resetLockAndTabs(): void {
  removeStore('isLock');
  removeStore('lockPasswd');
  removeStore('tagList');
  removeStore('tag');
}

/** Why a session-bound store must reset its in-memory state. */
export type SessionBoundary = 'login' | 'logout';
const boundaryListeners = new Set<(boundary: SessionBoundary) => void>();

/**
 * Lets the stores that live with a session (tabs, lock, menu, permissions) reset their in-memory state after a
 * login or a logout; browser storage is already cleared by then. Returns the unsubscribe function.
 */
export function onSessionBoundary(listener: (boundary: SessionBoundary) => void): () => void {
  boundaryListeners.add(listener);
  return () => boundaryListeners.delete(listener);
}

function notifyBoundary(boundary: SessionBoundary): void {
  for (const listener of boundaryListeners) listener(boundary);
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readStoredSession(),
  signedOut: false,

  hydrate: () => set(readStoredSession()),

  login: async (login) => {
    const result = await loginByUsername(login);
    resetLockAndTabs();
    set({ ...storeTokens(result), signedOut: false });
    notifyBoundary('login');
    return result;
  },

  adopt: (result) => {
    resetLockAndTabs();
    set({ ...storeTokens(result), signedOut: false });
    notifyBoundary('login');
  },

  refresh: async (identity) => {
    const { refreshToken: currentRefreshToken, tenantId, userInfo } = get();
    if (!currentRefreshToken || !tenantId) throw new Error('No session to refresh');
    const result = await refreshToken({
      tenantId,
      refreshToken: currentRefreshToken,
      deptId: identity?.deptId ?? userInfo?.dept_id,
      roleId: identity?.roleId ?? userInfo?.role_id,
    });
    set(storeTokens(result));
    return result;
  },

  logout: async () => {
    try {
      await logoutSession();
    } catch {
      // The session ends locally whatever the server answered.
    }
    get().logoutLocally();
  },

  logoutLocally: () => {
    clearAll();
    set({ ...SIGNED_OUT, signedOut: true });
    notifyBoundary('logout');
  },
}));
