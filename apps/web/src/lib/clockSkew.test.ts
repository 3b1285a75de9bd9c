import { describe, expect, it } from 'vitest';
import { clockSkew, serverInstant } from './clockSkew';

describe('clock skew', () => {
  it('reads a zone-less server time in the server time zone', () => {
    expect(serverInstant('2026-03-01 08:00:00', 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 1, 0, 0, 0));
    expect(serverInstant('2026-03-01 08:00:00', 'UTC')).toBe(Date.UTC(2026, 2, 1, 8, 0, 0));
    expect(serverInstant('2026-03-01T08:00:00.250Z')).toBe(Date.UTC(2026, 2, 1, 8, 0, 0, 250));
    expect(serverInstant('not a time')).toBeUndefined();
  });

  it('compares against the middle of the round trip', () => {
    const sent = Date.UTC(2026, 2, 1, 8, 0, 0, 0);
    // The server says 08:00:10 (whole second → 08:00:10.5); the browser's middle is 08:00:00.100.
    const skew = clockSkew('2026-03-01 16:00:10', 'Asia/Shanghai', sent, sent + 200);
    expect(skew).toEqual({ skewMs: 10_400, uncertaintyMs: 600 });
    const behind = clockSkew('2026-03-01T07:59:50.000Z', undefined, sent, sent);
    expect(behind?.skewMs).toBe(-10_000);
    expect(clockSkew('??', 'UTC', sent, sent)).toBeUndefined();
  });
});
