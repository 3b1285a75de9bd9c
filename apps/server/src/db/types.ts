import type {
  Attach,
  Datasource,
  Notice,
  Oss,
  Param,
  PortalArticle,
  PortalBanner,
  PortalCertification,
  PortalProduct,
  Region,
  TenantPackage,
} from '@cube/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  FlowDefinitionTable,
  FlowHistoryTable,
  FlowInstanceTable,
  FlowModelTable,
  FlowTaskCandidateTable,
  FlowTaskTable,
  FlowTimerTable,
} from './flow-tables.js';
import type { JobTable } from './job-tables.js';
import type { NotificationSmtpTable, NotificationTable } from './notify-tables.js';
import type {
  AgentCompanyTable,
  AgentCompanyUserTable,
  PatApplicationTable,
  PatDeadlineRuleTable,
  PatDeadlineTable,
  PatDocumentTable,
  PatFeeTable,
  PatHolidayTable,
  PatNoticeTable,
  PatReminderTable,
} from './patent-tables.js';
import type { OauthProviderTable, SmsProviderTable, UserOauthTable } from './signin-tables.js';

/**
 * Table types as TypeScript sees them (camelCase; the database columns are snake_case through Kysely's
 * CamelCasePlugin). Ids are 64-bit and always travel as strings; dates as `yyyy-MM-dd HH:mm:ss` strings.
 */
type Id = string;
type DateTime = string;

/** The audit columns every entity row carries (BladeX `BaseEntity`). */
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
  /** Migration 0007: route fields of the client's menu node (role aliases, group paths, query string). */
  roles: ColumnType<string, string | undefined, string>;
  routeGroup: ColumnType<string, string | undefined, string>;
  routeQuery: ColumnType<string, string | undefined, string>;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface RoleMenuTable {
  id: Id;
  menuId: Id;
  roleId: Id;
}

/** A data-scope rule attached to a menu; platform-global, granted to roles. */
export interface ScopeDataTable extends AuditColumns {
  id: Id;
  menuId: Id;
  resourceCode: string;
  scopeName: string;
  scopeField: string;
  scopeClass: string;
  scopeColumn: string;
  /** 1 all, 2 own rows, 3 own department, 4 own department and below, 5 custom (dictionary `data_scope_type`). */
  scopeType: number;
  /** Type 5: JSON list of structured conditions (platform/data-scope.ts), never SQL. */
  scopeValue: string;
  remark: string;
}

/** An API-scope rule attached to a menu: a path pattern and methods a role may call. */
export interface ScopeApiTable extends AuditColumns {
  id: Id;
  menuId: Id;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeMethod: string;
  scopeType: number;
  remark: string;
}

/** A role's grant of a scope rule: category 1 data scope, 2 API scope. */
export interface RoleScopeTable {
  id: Id;
  scopeCategory: number;
  scopeId: Id;
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

/** A tenant package: `menuId` is the comma list of the menu and button ids it allows. */
export type TenantPackageTable = EntityTable<TenantPackage>;

/** A datasource a tenant may be bound to; `password` holds the sealed password (`platform/secret-box.ts`). */
export type DatasourceTable = EntityTable<Datasource>;

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

/** A tenant's notice (the desk module); published once `releaseTime` has passed. */
export type NoticeTable = EntityTable<Notice>;

/** A customer lead (客户咨询) from the public form; `dedupeKey` folds retries of one submission into one row. */
export interface LeadTable extends AuditColumns {
  id: Id;
  tenantId: string;
  name: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  leadStatus: number;
  assigneeId: Id | null;
  notes: string;
  sourceIp: string;
  dedupeKey: string | null;
  /** 1 when the visitor agreed to the privacy notice on the public form (migration 0020); 0 for console entries. */
  privacyConsent: ColumnType<number, number | undefined, number>;
  consentTime: DateTime | null;
}

/** An error report; rows uploaded from the browser's local error log carry `serviceId` cube-web. */
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

/** An uploaded attachment (BladeX `blade_attach`); `createUserName` is looked up, not stored. */
export type AttachTable = Omit<EntityTable<Attach>, 'createUserName'>;

/** A tenant's object-storage configuration; `secretKey` holds the sealed secret (`platform/secret-box.ts`). */
export type OssTable = EntityTable<Oss>;

/** An administrative region; platform-wide, no audit columns. */
export type RegionTable = Omit<Region, 'isDeleted'> & {
  isDeleted: ColumnType<number, number | undefined, number>;
};

/** A business event (the usual log), written through `deps.audit.usual`. */
export interface LogUsualTable {
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
  methodClass: string;
  methodName: string;
  params: string;
  createBy: string;
  logLevel: string;
  logId: string;
  title: string;
  logData: string;
  userId: Id | null;
  createTime: DateTime;
  isDeleted: ColumnType<number, number | undefined, number>;
}

/** One authenticated API call (the API log); `time` is its duration in ms, `status` the HTTP status. */
export interface LogApiTable {
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
  methodClass: string;
  methodName: string;
  params: string;
  createBy: string;
  type: string;
  title: string;
  status: number;
  time: number;
  userId: Id | null;
  createTime: DateTime;
  isDeleted: ColumnType<number, number | undefined, number>;
}

/** Migration 0006: a user's departments as rows, mirroring the comma list `cube_user.dept_id`. */
export interface UserDeptTable {
  id: Id;
  tenantId: string;
  userId: Id;
  deptId: Id;
}

/** Migration 0006: a user's extension text per platform (`userType` 1 web, 2 app, 3 other). */
export interface UserExtTable {
  id: Id;
  tenantId: string;
  userId: Id;
  userType: number;
  userExt: string;
}

/** The public site's content (migration 0011): tenant-owned, shown while published. */
export type PortalArticleTable = EntityTable<Omit<PortalArticle, 'publishTime'>> & {
  publishTime: DateTime | null;
};
export type PortalProductTable = EntityTable<Omit<PortalProduct, 'publishTime'>> & {
  publishTime: DateTime | null;
};
export type PortalCertificationTable = EntityTable<Omit<PortalCertification, 'publishTime'>> & {
  publishTime: DateTime | null;
};
export type PortalBannerTable = EntityTable<Omit<PortalBanner, 'publishTime'>> & {
  publishTime: DateTime | null;
};

export interface Database {
  cubeTenant: TenantTable;
  cubeSiteResource: SiteResourceTable;
  cubeClient: ClientTable;
  cubeUser: UserTable;
  cubeUserDept: UserDeptTable;
  cubeUserExt: UserExtTable;
  cubeRole: RoleTable;
  cubeDept: DeptTable;
  cubePost: PostTable;
  cubeMenu: MenuTable;
  cubeRoleMenu: RoleMenuTable;
  cubeScopeData: ScopeDataTable;
  cubeScopeApi: ScopeApiTable;
  cubeRoleScope: RoleScopeTable;
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
  cubeLogUsual: LogUsualTable;
  cubeLogApi: LogApiTable;
  cubeTenantPackage: TenantPackageTable;
  cubeDatasource: DatasourceTable;
  cubeAttach: AttachTable;
  cubeOss: OssTable;
  cubeRegion: RegionTable;
  cubeCrArticle: PortalArticleTable;
  cubeCrProduct: PortalProductTable;
  cubeCrCertification: PortalCertificationTable;
  cubeCrBanner: PortalBannerTable;
  cubeLead: LeadTable;
  cubeAgentCompany: AgentCompanyTable;
  cubeAgentCompanyUser: AgentCompanyUserTable;
  patApplication: PatApplicationTable;
  patNotice: PatNoticeTable;
  patDocument: PatDocumentTable;
  patDeadline: PatDeadlineTable;
  patFee: PatFeeTable;
  patDeadlineRule: PatDeadlineRuleTable;
  patReminder: PatReminderTable;
  patHoliday: PatHolidayTable;
  cubeOauthProvider: OauthProviderTable;
  cubeUserOauth: UserOauthTable;
  flowModel: FlowModelTable;
  flowDefinition: FlowDefinitionTable;
  flowInstance: FlowInstanceTable;
  flowTask: FlowTaskTable;
  flowTaskCandidate: FlowTaskCandidateTable;
  flowHistory: FlowHistoryTable;
  flowTimer: FlowTimerTable;
  cubeSmsProvider: SmsProviderTable;
  cubeJob: JobTable;
  cubeNotification: NotificationTable;
  cubeNotificationSmtp: NotificationSmtpTable;
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
