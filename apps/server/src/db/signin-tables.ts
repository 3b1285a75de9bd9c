import type { OauthProvider, SmsProvider } from '@cube/contract';
import type { ColumnType } from 'kysely';

type Id = string;
type DateTime = string;

interface AuditColumns {
  createUser: Id | null;
  createDept: Id | null;
  createTime: DateTime;
  updateUser: Id | null;
  updateTime: DateTime;
  status: ColumnType<number, number | undefined, number>;
  isDeleted: ColumnType<number, number | undefined, number>;
}

/** A tenant's third-party login provider (migration 0014); `clientSecret` holds the sealed secret. */
export type OauthProviderTable = Omit<OauthProvider, keyof AuditColumns> & AuditColumns;

/** An identity a provider vouched for; `userId` is null until a registration for it is approved. */
export interface UserOauthTable {
  id: Id;
  tenantId: string;
  userId: Id | null;
  source: string;
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  createTime: DateTime;
  updateTime: DateTime;
  /** When it was linked to its user (migration 0016); null while unlinked. */
  linkTime: ColumnType<DateTime | null, DateTime | null | undefined, DateTime | null>;
}

/** A tenant's SMS service for sign-in codes (migration 0016); `accessKeySecret` holds the sealed secret. */
export type SmsProviderTable = Omit<SmsProvider, keyof AuditColumns> & AuditColumns;
