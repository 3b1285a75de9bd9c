import type { R } from '@cube/contract';
import { request } from './request';

export const SELF_CHECK_URL = '/api/cube-system/self-check';

export type HealthStatus = 'UP' | 'DOWN';

export interface SelfCheck {
  api: HealthStatus;
  database: { kind: 'sqlite' | 'postgres' | string; status: HealthStatus; latencyMs?: number | null };
  store: { kind: 'memory' | 'redis' | string; status: HealthStatus; latencyMs?: number | null };
  /** How tenants are kept apart: database row-level security behind the app's checks, or the app's alone. */
  tenantIsolation?: 'row-security' | 'application' | 'row-security-bypassed';
  version: string;
  /** The server's clock, `yyyy-MM-dd HH:mm:ss` in `timeZone` (or an ISO time with offset). */
  serverTime: string;
  timeZone?: string;
  nodeVersion?: string;
  uptimeSeconds?: number;
}

/** A self-check answer with the browser times around the call, to estimate the clock skew. */
export interface TimedSelfCheck {
  result: SelfCheck;
  /** `Date.now()` when the request was sent and when the answer came. */
  sentAt: number;
  receivedAt: number;
}

/** `GET /api/cube-system/self-check`. Failures are shown by the page, not as a toast. */
export async function fetchSelfCheck(): Promise<TimedSelfCheck> {
  const sentAt = Date.now();
  const { data } = await request.get<R<SelfCheck>>(SELF_CHECK_URL, { handlesErrors: true });
  return { result: data.data, sentAt, receivedAt: Date.now() };
}
