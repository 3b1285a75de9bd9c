import { create } from 'zustand';
import { getStore, removeStore, setStore } from '../lib/storage';
import { onSessionBoundary } from './session';

/**
 * Screen lock: the lock flag and the lock password live in session storage; login and logout clear
 * them. The password is only a local screen guard for the current browser tab, never sent anywhere.
 */

interface LockState {
  isLock: boolean;
  lockPasswd: string;
  setLockPasswd: (password: string) => void;
  lock: () => void;
  /** Unlocks when `password` matches; answers whether it did. */
  unlock: (password: string) => boolean;
  clear: () => void;
  hydrate: () => void;
}

const SESSION = 'session';

function readStored(): Pick<LockState, 'isLock' | 'lockPasswd'> {
  return { isLock: getStore<boolean>('isLock') === true, lockPasswd: getStore<string>('lockPasswd') ?? '' };
}

export const useLockStore = create<LockState>()((set, get) => ({
  isLock: false,
  lockPasswd: '',

  setLockPasswd: (password) => {
    setStore('lockPasswd', password, SESSION);
    set({ lockPasswd: password });
  },

  lock: () => {
    setStore('isLock', true, SESSION);
    set({ isLock: true });
  },

  unlock: (password) => {
    if (!get().isLock) return true;
    if (password !== get().lockPasswd) return false;
    removeStore('isLock');
    removeStore('lockPasswd');
    set({ isLock: false, lockPasswd: '' });
    return true;
  },

  clear: () => {
    removeStore('isLock');
    removeStore('lockPasswd');
    set({ isLock: false, lockPasswd: '' });
  },

  hydrate: () => set(readStored()),
}));

onSessionBoundary(() => useLockStore.getState().clear());
