import {
  type IPage,
  NOTIFICATION_API,
  type Notification,
  type NotificationKind,
  type NotificationSmtp,
  type NotificationSmtpSettings,
  type R,
} from '@cube/contract';
import { request } from './request';

/** The caller's notifications (`/api/cube-desk/notification/*`): their own, of their own tenant. */

export interface NotificationQuery {
  current: number;
  size: number;
  unread?: boolean;
  kind?: NotificationKind | undefined;
}

export async function fetchNotifications(query: NotificationQuery): Promise<IPage<Notification>> {
  const params: Record<string, string | number> = { current: query.current, size: query.size };
  if (query.unread) params.unread = '1';
  if (query.kind) params.kind = query.kind;
  const { data } = await request.get<R<IPage<Notification>>>(`${NOTIFICATION_API}/list`, { params });
  return data.data;
}

export async function fetchUnreadCount(): Promise<number> {
  const { data } = await request.get<R<{ count: number }>>(`${NOTIFICATION_API}/unread-count`);
  return data.data?.count ?? 0;
}

export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  await request.post(`${NOTIFICATION_API}/read`, null, { params: { ids: ids.join(',') } });
}

export async function markAllNotificationsRead(): Promise<void> {
  await request.post(`${NOTIFICATION_API}/read-all`);
}

// ---- the tenant's mail server (the administrator's 邮件设置) ----

export async function fetchSmtpSettings(): Promise<NotificationSmtpSettings> {
  const { data } = await request.get<R<NotificationSmtpSettings>>(`${NOTIFICATION_API}/smtp`);
  return data.data;
}

/** Saves the settings; an empty password keeps the stored one. */
export async function saveSmtpSettings(settings: NotificationSmtp): Promise<void> {
  await request.post(`${NOTIFICATION_API}/smtp`, settings);
}

/** Sends a test mail through the stored settings to `to` (empty: the caller's own address); answers where it went. */
export async function sendSmtpTest(to: string): Promise<string> {
  const { data } = await request.post<R<{ to: string }>>(`${NOTIFICATION_API}/smtp/test`, { to });
  return data.data.to;
}
