import { afterEach, describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import {
  ERROR_LOG_LIMIT,
  errorLogEntry,
  installErrorLogListeners,
  logBadgeCount,
  useErrorLogStore,
} from './errorLog';

describe('local error log', () => {
  afterEach(() => useErrorLogStore.getState().clear());

  it('records url, time, type error, message, stack and info', () => {
    const error = new TypeError('x is not a function');
    const entry = errorLogEntry(error, 'render', 'http://localhost/wel/index', new Date(2026, 0, 2, 3, 4, 5));
    expect(entry).toMatchObject({
      url: 'http://localhost/wel/index',
      time: '2026-01-02 03:04:05',
      type: 'error',
      message: 'TypeError: x is not a function',
      info: 'render',
    });
    expect(entry.stack).toContain('TypeError');
    expect(errorLogEntry('plain', 'x', 'u').message).toBe('plain');
    expect(errorLogEntry({ code: 1 }, 'x', 'u').message).toBe('{"code":1}');
  });

  it('caps the badge at 99', () => {
    expect(logBadgeCount(0)).toBe(0);
    expect(logBadgeCount(42)).toBe(42);
    expect(logBadgeCount(99)).toBe(99);
    expect(logBadgeCount(250)).toBe(99);
  });

  it('stores entries newest first under `logs`, bounded, and clears them', () => {
    const store = useErrorLogStore.getState();
    for (let i = 0; i < ERROR_LOG_LIMIT + 5; i++) store.add(errorLogEntry(`e${i}`, '', 'u'));
    const logs = useErrorLogStore.getState().logs;
    expect(logs).toHaveLength(ERROR_LOG_LIMIT);
    expect(logs[0]?.message).toBe(`e${ERROR_LOG_LIMIT + 4}`);
    expect(getStore<unknown[]>('logs')).toHaveLength(ERROR_LOG_LIMIT);
    useErrorLogStore.getState().clear();
    expect(useErrorLogStore.getState().logs).toEqual([]);
    expect(getStore('logs')).toBeUndefined();
  });

  it('records uncaught errors and unhandled rejections', () => {
    installErrorLogListeners(window);
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new Error('boom'),
        message: 'boom',
        filename: 'a.js',
        lineno: 1,
        colno: 2,
      }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    const messages = useErrorLogStore.getState().logs.map((entry) => entry.message);
    expect(messages).toEqual(['nope', 'boom']);
    expect(useErrorLogStore.getState().logs[1]?.info).toBe('a.js:1:2');
  });
});
