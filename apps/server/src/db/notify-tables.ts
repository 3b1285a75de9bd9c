/**
 * Table types of migration 0018 (the notification centre), listed in `Database` (types.ts). Ids are 64-bit
 * strings; times `yyyy-MM-dd HH:mm:ss`.
 */

/** One message to one user of a tenant. */
export interface NotificationTable {
  id: string;
  tenantId: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  /** Folds an event announced twice into one row per user (unique with tenant and user); null when not needed. */
  dedupeKey: string | null;
  readTime: string | null;
  /** The e-mail copy: `pending`, `sending`, `sent`, `skipped` (no SMTP or no address) or `failed`. */
  mailState: string;
  createTime: string;
}

/** A tenant's mail server; `password` is sealed (platform/secret-box). */
export interface NotificationSmtpTable {
  tenantId: string;
  enabled: number;
  host: string;
  port: number;
  secure: number;
  username: string;
  password: string;
  fromAddress: string;
  updateUser: string | null;
  updateTime: string;
}
