import { z } from 'zod';

/** 在线用户: the live sessions screen (`/api/cube-system/online/*`). */
export const ONLINE_API = '/api/cube-system/online';

/** The page's menu code (the list) and its button (ending sessions). */
export const ONLINE_CODES = { read: 'online', remove: 'online_remove' } as const;

export const OnlineMessage = {
  selectUsers: '请至少选择一个用户',
  currentSession: '不能下线当前会话',
} as const;

/** One live session: who, from where, since when; `current` marks the caller's own. */
export const onlineSessionSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  clientId: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  loginTime: z.string(),
  lastActiveTime: z.string(),
  expireTime: z.string(),
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;
