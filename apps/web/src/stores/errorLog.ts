import { DATE_TIME_FORMAT, LOG_BADGE_MAX } from '@cube/contract';
import dayjs from 'dayjs';
import { create } from 'zustand';
import type { ErrorLogEntry } from '../api/log';
import { getStore, removeStore, setStore } from '../lib/storage';

/**
 * The local error log: uncaught errors and unhandled promise
 * rejections are recorded with type `error` under the `logs` storage key, shown in the header dialog, uploaded
 * or cleared from there.
 */

/** Kept entries; older ones drop off so that a failing loop cannot fill the browser storage. */
export const ERROR_LOG_LIMIT = 200;

/** The header badge: the number of entries, never more than 99. */
export function logBadgeCount(count: number): number {
  return Math.min(Math.max(count, 0), LOG_BADGE_MAX);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** An entry for something thrown (an Error or any value) at `url`. */
export function errorLogEntry(
  error: unknown,
  info: string,
  url: string,
  now: Date = new Date(),
): ErrorLogEntry {
  const isError = error instanceof Error;
  return {
    url,
    time: dayjs(now).format(DATE_TIME_FORMAT),
    type: 'error',
    message: isError ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : text(error),
    stack: isError ? (error.stack ?? '') : '',
    info,
  };
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add: (entry: ErrorLogEntry) => void;
  clear: () => void;
  hydrate: () => void;
}

export const useErrorLogStore = create<ErrorLogState>()((set, get) => ({
  logs: [],
  add: (entry) => {
    const logs = [entry, ...get().logs].slice(0, ERROR_LOG_LIMIT);
    setStore('logs', logs);
    set({ logs });
  },
  clear: () => {
    removeStore('logs');
    set({ logs: [] });
  },
  hydrate: () => {
    const stored = getStore<ErrorLogEntry[]>('logs');
    set({ logs: Array.isArray(stored) ? stored : [] });
  },
}));

/** Records a caught-by-nobody error with the current address. */
export function recordError(error: unknown, info: string): void {
  useErrorLogStore.getState().add(errorLogEntry(error, info, window.location.href));
}

let installed = false;

/**
 * Listens for uncaught errors and unhandled rejections and adds each to the local log with type `error`.
 * Installed once at start-up.
 */
export function installErrorLogListeners(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // Resource load failures (img, script) bubble as plain Events without an error: not script errors.
    if (!(event instanceof ErrorEvent)) return;
    const location = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    recordError(event.error ?? event.message, location || 'window.onerror');
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    recordError(event.reason, 'unhandledrejection');
  });
}
