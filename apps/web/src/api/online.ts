import { type IPage, ONLINE_API, type OnlineSession, type R } from '@cube/contract';
import { request } from './request';

export interface OnlineQuery {
  current: number;
  size: number;
  account?: string;
  /** The platform administrator's choice of tenant; absent: every tenant (the platform) or the own one. */
  tenantId?: string;
}

/** `GET online/list`: the live sessions, one row per sign-in, with the true count. */
export async function fetchOnlineSessions(query: OnlineQuery): Promise<IPage<OnlineSession>> {
  const params: Record<string, string | number> = { current: query.current, size: query.size };
  if (query.account) params.account = query.account;
  if (query.tenantId) params.tenantId = query.tenantId;
  const { data } = await request.get<R<IPage<OnlineSession>>>(`${ONLINE_API}/list`, { params });
  return data.data;
}

/** `POST online/remove?ids=`: ends these sessions. */
export async function endSessions(ids: string[]): Promise<void> {
  await request.post(`${ONLINE_API}/remove`, null, { params: { ids: ids.join(',') } });
}

/** `POST online/remove-user?userIds=`: ends every session of these users. */
export async function endUserSessions(userIds: string[]): Promise<void> {
  await request.post(`${ONLINE_API}/remove-user`, null, { params: { userIds: userIds.join(',') } });
}
