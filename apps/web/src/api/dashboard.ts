import type { R } from '@cube/contract';
import { request } from './request';

export const DASHBOARD_OVERVIEW_URL = '/api/cube-desk/dashboard/overview';

export interface DashboardOverview {
  tenantId: string;
  tenantName: string;
  userCount: number;
  deptCount: number;
  roleCount: number;
  noticeCount: number;
  activeSessions: number;
  /** The last 7 days, `date` as `yyyy-MM-dd`. */
  loginsByDay: Array<{ date: string; count: number }>;
  usersByDept: Array<{ deptName: string; count: number }>;
  recentNotices: Array<{ id: string; title: string; releaseTime: string }>;
}

/** `GET /api/cube-desk/dashboard/overview`: the figures of the console home. */
export async function fetchDashboardOverview(): Promise<DashboardOverview> {
  const { data } = await request.get<R<DashboardOverview>>(DASHBOARD_OVERVIEW_URL, { handlesErrors: true });
  return data.data;
}
