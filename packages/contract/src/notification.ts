import { z } from 'zod';

/**
 * The notification centre: messages to one user of one tenant (a task handed over, a new customer lead, a deadline
 * drawing near or missed), read in the console's bell and 消息中心 page, and mailed when the tenant set up SMTP.
 */

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'task_claimable',
  'task_returned',
  'task_completed',
  'lead_new',
  'deadline_approaching',
  'deadline_missed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The Chinese label of each kind (the page's tag and filter). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  task_assigned: '待办任务',
  task_claimable: '待签任务',
  task_returned: '任务退回',
  task_completed: '任务办结',
  lead_new: '客户咨询',
  deadline_approaching: '期限临近',
  deadline_missed: '期限逾期',
};

/** The API prefix (dialect style) and its routes. */
export const NOTIFICATION_API = '/api/cube-desk/notification';

/** The 消息中心 menu code, and the permission of the tenant's mail (SMTP) settings. */
export const NOTIFICATION_MENU = 'notify';
export const NOTIFICATION_SMTP_PERMISSION = 'notify_smtp';

/** Days before a deadline's internal date when its agent is told (system parameter; default 3). */
export const NOTIFICATION_DEADLINE_DAYS_PARAM = 'notify.deadlineDays';
export const NOTIFICATION_DEADLINE_DAYS_DEFAULT = 3;

/** How often the console asks for the unread count while the page is visible (ms). */
export const NOTIFICATION_POLL_MS = 30_000;

export const NotificationMessage = {
  missing: '消息不存在',
  hostRequired: '请输入SMTP服务器',
  portInvalid: '端口应为1-65535之间的整数',
  fromRequired: '请输入发件人地址',
  fromInvalid: '发件人地址格式不正确',
  toInvalid: '收件地址格式不正确',
  smtpMissing: '请先填写并保存SMTP服务器',
  noAddress: '当前账号未设置邮箱，请填写收件地址',
  smtpUnreachable: '无法连接SMTP服务器，请检查服务器地址、端口与SSL/TLS设置',
  smtpAuthRefused: 'SMTP服务器拒绝登录，请检查用户名与密码',
  smtpRecipientRefused: 'SMTP服务器拒绝了收件地址',
  smtpRefused: 'SMTP服务器拒绝发送',
  testSent: '测试邮件已发送',
} as const;

/** An e-mail address as the mail settings accept it (one address, no display name). */
export const MAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** `yyyy-MM-dd HH:mm:ss`, empty while unread. */
  readTime: z.string(),
  createTime: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `list` query: paging, `unread=1` for the unread ones only, `kind` to filter. */
export const notificationListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  unread: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});

export const notificationUnreadSchema = z.object({ count: z.number().int() });

/** `read?ids=` (comma list) marks the caller's own notifications read. */
export const notificationReadQuerySchema = z.object({
  ids: z
    .string({ error: NotificationMessage.missing })
    .trim()
    .regex(/^\d{1,20}(,\d{1,20})*$/, NotificationMessage.missing),
});

/** A tenant's mail settings; the password is write-only (empty on save keeps the stored one). */
export const notificationSmtpSchema = z.object({
  enabled: z.boolean().default(false),
  host: z.string().trim().max(200).default(''),
  port: z.coerce
    .number({ error: NotificationMessage.portInvalid })
    .int(NotificationMessage.portInvalid)
    .min(1, NotificationMessage.portInvalid)
    .max(65535, NotificationMessage.portInvalid)
    .default(465),
  secure: z.boolean().default(true),
  username: z.string().trim().max(200).default(''),
  password: z.string().max(200).default(''),
  fromAddress: z.string().trim().max(200).default(''),
});
export type NotificationSmtp = z.infer<typeof notificationSmtpSchema>;

/** Refuses an enabled setting without host or a valid sender. */
export const notificationSmtpInputSchema = notificationSmtpSchema.superRefine((v, ctx) => {
  if (!v.enabled) return;
  if (!v.host) ctx.addIssue({ code: 'custom', path: ['host'], message: NotificationMessage.hostRequired });
  if (!v.fromAddress)
    ctx.addIssue({ code: 'custom', path: ['fromAddress'], message: NotificationMessage.fromRequired });
  else if (!MAIL_ADDRESS.test(v.fromAddress))
    ctx.addIssue({ code: 'custom', path: ['fromAddress'], message: NotificationMessage.fromInvalid });
});

/** What `GET smtp` answers: the settings without the password, and whether one is stored. */
export const notificationSmtpSettingsSchema = notificationSmtpSchema
  .omit({ password: true })
  .extend({ passwordSet: z.boolean() });
export type NotificationSmtpSettings = z.infer<typeof notificationSmtpSettingsSchema>;

/**
 * `smtp/test`: a test mail through the stored settings to `to`, or to the caller's own address when it is empty.
 * Answers the address it went to.
 */
export const notificationSmtpTestSchema = z.object({
  to: z
    .string()
    .trim()
    .max(200, NotificationMessage.toInvalid)
    .default('')
    .refine((v) => v === '' || MAIL_ADDRESS.test(v), NotificationMessage.toInvalid),
});
export const notificationSmtpTestAnswerSchema = z.object({ to: z.string() });
