import type { Notice, Param } from '@cube/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types as TypeScript sees them (camelCase; the database columns are snake_case through Kysely's
 * CamelCasePlugin). Ids are 64-bit and always travel as strings; dates as `yyyy-MM-dd HH:mm:ss` strings.
 */
type Id = string;
type DateTime = string;

/** Audit columns of contract §1.8 (`BaseEntity`). */
export interface AuditColumns {
  createUser: Id | null;
  createDept: Id | null;
  createTime: DateTime;
  updateUser: Id | null;
  updateTime: DateTime;
  status: ColumnType<number, number | undefined, number>;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface TenantTable extends AuditColumns {
  id: Id;
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
  linkman: string;
  contactNumber: string;
  address: string;
  accountNumber: number;
  expireTime: DateTime | null;
  packageId: Id | null;
  datasourceId: Id | null;
  licenseKey: string;
}

/** Branding resources per tenant; the platform tenant's rows are the defaults. */
export interface SiteResourceTable {
  id: Id;
  tenantId: string;
  resourcesCode: string;
  resourcesContent: string;
}

export interface ClientTable extends AuditColumns {
  id: Id;
  clientId: string;
  /** argon2id hash of the client secret; the secret itself is never stored. */
  clientSecret: string;
  resourceIds: string;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string;
  authorities: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation: string;
  autoapprove: string;
}

export interface UserTable extends AuditColumns {
  id: Id;
  tenantId: string;
  code: string;
  userType: number;
  account: string;
  /** argon2id hash of the md5 hex the client sends. */
  password: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  birthday: DateTime | null;
  sex: number;
  /** Comma-separated id lists, as the reference platform keeps them. */
  roleId: string;
  deptId: string;
  postId: string;
  passwordMustChange: ColumnType<number, number | undefined, number>;
}

export interface RoleTable {
  id: Id;
  tenantId: string;
  parentId: Id;
  roleName: string;
  sort: number;
  roleAlias: string;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface DeptTable {
  id: Id;
  tenantId: string;
  parentId: Id;
  ancestors: string;
  deptCategory: number;
  deptName: string;
  fullName: string;
  sort: number;
  remark: string;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface PostTable extends AuditColumns {
  id: Id;
  tenantId: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
}

export interface MenuTable {
  id: Id;
  parentId: Id;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  /** 0 none, 1 toolbar, 2 row, 3 both. */
  action: number;
  /** 1 no, 2 yes (external link in a new window). */
  isOpen: number;
  remark: string;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface RoleMenuTable {
  id: Id;
  menuId: Id;
  roleId: Id;
}

export interface TopMenuTable extends AuditColumns {
  id: Id;
  tenantId: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

export interface TopMenuSettingTable {
  id: Id;
  topMenuId: Id;
  menuId: Id;
}

export interface DictTable {
  id: Id;
  parentId: Id;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface DictBizTable extends DictTable {
  tenantId: string;
}

/** An entity's table as its contract record describes it, with the audit columns' database types. */
type EntityTable<Rec> = Omit<Rec, keyof AuditColumns> & AuditColumns;

export type ParamTable = EntityTable<Param>;

/** One signed-in session: the family of every access and refresh token issued from one login. */
export interface AuthSessionTable {
  id: Id;
  tenantId: string;
  userId: Id;
  clientId: string;
  deptId: string;
  roleId: string;
  ip: string;
  userAgent: string;
  createdAt: DateTime;
  refreshedAt: DateTime;
  /** Absolute end of the session, whatever refreshes happen. */
  expiresAt: DateTime;
  revokedAt: DateTime | null;
  revokeReason: string | null;
}

export interface RefreshTokenTable {
  id: Id;
  sessionId: Id;
  /** sha256 of the opaque token; the token itself is never stored. */
  tokenHash: string;
  createdAt: DateTime;
  expiresAt: DateTime;
  usedAt: DateTime | null;
}

export interface MetaTable {
  metaKey: string;
  metaValue: string;
}

/** A tenant's notice (contract §17.1 desk module); published once `releaseTime` has passed. */
export type NoticeTable = EntityTable<Notice>;

/** An error report (contract §14); rows uploaded from the browser's local error log carry `serviceId` cube-web. */
export interface LogErrorTable {
  id: Id;
  tenantId: string;
  serviceId: string;
  serverHost: string;
  serverIp: string;
  env: string;
  method: string;
  requestUri: string;
  userAgent: string;
  remoteIp: string;
  params: string;
  stackTrace: string;
  exceptionName: string;
  message: string;
  fileName: string;
  lineNumber: number | null;
  createBy: string;
  createTime: DateTime;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface Database {
  cubeTenant: TenantTable;
  cubeSiteResource: SiteResourceTable;
  cubeClient: ClientTable;
  cubeUser: UserTable;
  cubeRole: RoleTable;
  cubeDept: DeptTable;
  cubePost: PostTable;
  cubeMenu: MenuTable;
  cubeRoleMenu: RoleMenuTable;
  cubeTopMenu: TopMenuTable;
  cubeTopMenuSetting: TopMenuSettingTable;
  cubeDict: DictTable;
  cubeDictBiz: DictBizTable;
  cubeParam: ParamTable;
  cubeAuthSession: AuthSessionTable;
  cubeRefreshToken: RefreshTokenTable;
  cubeMeta: MetaTable;
  cubeNotice: NoticeTable;
  cubeLogError: LogErrorTable;
}

export type TableName = keyof Database;
/** Tables whose rows belong to one tenant; reached only through the tenant-scoped helper. */
export type TenantOwnedTable = {
  [K in TableName]: Database[K] extends { tenantId: string } ? K : never;
}[TableName];

export type Row<T extends TableName> = Selectable<Database[T]>;
export type NewRow<T extends TableName> = Insertable<Database[T]>;
export type RowUpdate<T extends TableName> = Updateable<Database[T]>;
export type { Generated };
