import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

/** Dictionary `data_scope_type`. */
export const DATA_SCOPE_TYPES: Readonly<Record<number, string>> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};

/** Dictionary `api_scope_type`. */
export const API_SCOPE_TYPES: Readonly<Record<number, string>> = { 1: '系统接口', 2: '业务接口' };

/** Operators and variables of a custom data-scope condition (type 5); the server compiles them, never SQL. */
export const DATA_SCOPE_OPERATORS = [
  'eq',
  'ne',
  'in',
  'notIn',
  'like',
  'gt',
  'ge',
  'lt',
  'le',
  'isNull',
  'notNull',
] as const;
export const DATA_SCOPE_VARIABLES = ['userId', 'deptId', 'deptIds', 'roleIds', 'postId', 'account'] as const;

/** The button that opens a menu's rules on the data-scope and API-scope pages. */
export const DATA_SCOPE_SETTING_CODE = 'data_scope_setting';
export const API_SCOPE_SETTING_CODE = 'api_scope_setting';

const menuId = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).regex(/^[1-9]\d{0,18}$/, message),
  );

const scopeType = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message),
  );

const dataMessages = {
  menuRequired: '请选择菜单',
  scopeNameRequired: '请输入数据权限名称',
  scopeTypeRequired: '请选择数据权限类型',
  scopeColumnInvalid: '权限字段只能包含字母、数字和下划线',
  scopeValueRequired: '自定义规则不能为空',
  valueInvalid: '自定义规则格式不正确',
  columnInvalid: '自定义规则字段不合法',
  operatorInvalid: '自定义规则运算符不合法',
  variableInvalid: '自定义规则变量不合法',
  valueRequired: '自定义规则缺少值',
  menuMissing: '所选菜单不存在',
} as const;

const dataLimits = {
  scopeName: 255,
  resourceCode: 255,
  scopeField: 255,
  scopeClass: 500,
  scopeColumn: 255,
  scopeValue: 4000,
  remark: 500,
} as const;

/**
 * Data-scope rules: attached to a menu, granted to roles through `role/grant`, applied by
 * the server to the reads of that menu's entity. Type 5's `scopeValue` is a JSON list of
 * `{column, operator, value}` conditions (BladeX keeps SQL there; this product never runs SQL from a form).
 */
export const dataScopeEntity = defineEntity({
  name: 'dataScope',
  api: '/api/cube-system/data-scope',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    menuId: z.string(),
    resourceCode: z.string(),
    scopeName: z.string(),
    scopeField: z.string(),
    scopeClass: z.string(),
    scopeColumn: z.string(),
    scopeType: z.number(),
    scopeValue: z.string(),
    remark: z.string(),
    /** VO helper: the label of `scopeType` in `data_scope_type`. */
    scopeTypeName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    menuId: menuId(dataMessages.menuRequired),
    scopeName: requiredText(dataMessages.scopeNameRequired, dataLimits.scopeName),
    resourceCode: optionalText(dataLimits.resourceCode),
    // BladeX's default: every column of the wrapped query.
    scopeField: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z
        .string()
        .trim()
        .max(dataLimits.scopeField, `长度不能超过${dataLimits.scopeField}个字符`)
        .optional()
        .default('*'),
    ),
    scopeClass: optionalText(dataLimits.scopeClass),
    // Saber fills the column of a rule that needs none with "-": that is no column.
    scopeColumn: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '-') ? undefined : v),
      z
        .string()
        .trim()
        .max(dataLimits.scopeColumn, `长度不能超过${dataLimits.scopeColumn}个字符`)
        .regex(/^[A-Za-z0-9_]*$/, dataMessages.scopeColumnInvalid)
        .optional()
        .default(''),
    ),
    scopeType: scopeType(dataMessages.scopeTypeRequired, 5),
    scopeValue: optionalText(dataLimits.scopeValue),
    remark: optionalText(dataLimits.remark),
  }),
  filters: {
    id: 'id',
    menuId: 'id',
    resourceCode: 'string',
    scopeName: 'string',
    scopeColumn: 'string',
    scopeType: 'integer',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  permissions: {
    read: 'data_scope',
    add: DATA_SCOPE_SETTING_CODE,
    edit: DATA_SCOPE_SETTING_CODE,
    remove: DATA_SCOPE_SETTING_CODE,
  },
  messages: dataMessages,
  limits: dataLimits,
});

export type DataScope = RecordOf<typeof dataScopeEntity>;

const apiMessages = {
  menuRequired: '请选择菜单',
  scopeNameRequired: '请输入接口权限名称',
  scopePathRequired: '请输入接口权限路径',
  scopePathInvalid: '接口路径必须以 /api/ 开头，只能包含字母、数字、/、-、_、. 和通配符 *',
  scopeMethodInvalid: '请求方法只能是 GET、POST、PUT、PATCH、DELETE（逗号分隔）',
  scopeTypeRequired: '请选择接口类型',
  menuMissing: '所选菜单不存在',
} as const;

const apiLimits = {
  scopeName: 255,
  resourceCode: 255,
  scopePath: 500,
  scopeMethod: 64,
  remark: 500,
} as const;

/**
 * API-scope rules: a path pattern (`*` one segment, `**` the rest) and optional methods,
 * attached to a menu. A role holding API scopes of a menu may call only the matching routes of that menu.
 */
export const apiScopeEntity = defineEntity({
  name: 'apiScope',
  api: '/api/cube-system/api-scope',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    menuId: z.string(),
    resourceCode: z.string(),
    scopeName: z.string(),
    scopePath: z.string(),
    scopeMethod: z.string(),
    scopeType: z.number(),
    remark: z.string(),
    scopeTypeName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    menuId: menuId(apiMessages.menuRequired),
    scopeName: requiredText(apiMessages.scopeNameRequired, apiLimits.scopeName),
    resourceCode: optionalText(apiLimits.resourceCode),
    scopePath: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: apiMessages.scopePathRequired })
        .trim()
        .min(1, apiMessages.scopePathRequired)
        .max(apiLimits.scopePath, `长度不能超过${apiLimits.scopePath}个字符`)
        .regex(/^\/api\/[A-Za-z0-9/_.*-]*$/, apiMessages.scopePathInvalid),
    ),
    scopeMethod: z.preprocess(
      (v) => (v === null ? undefined : typeof v === 'string' ? v.toUpperCase().replace(/\s+/g, '') : v),
      z
        .string()
        .max(apiLimits.scopeMethod, apiMessages.scopeMethodInvalid)
        .regex(
          /^((GET|POST|PUT|PATCH|DELETE)(,(GET|POST|PUT|PATCH|DELETE))*)?$/,
          apiMessages.scopeMethodInvalid,
        )
        .optional()
        .default(''),
    ),
    scopeType: scopeType(apiMessages.scopeTypeRequired, 2),
    remark: optionalText(apiLimits.remark),
  }),
  filters: {
    id: 'id',
    menuId: 'id',
    resourceCode: 'string',
    scopeName: 'string',
    scopePath: 'string',
    scopeType: 'integer',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  permissions: {
    read: 'api_scope',
    add: API_SCOPE_SETTING_CODE,
    edit: API_SCOPE_SETTING_CODE,
    remove: API_SCOPE_SETTING_CODE,
  },
  messages: apiMessages,
  limits: apiLimits,
});

export type ApiScope = RecordOf<typeof apiScopeEntity>;
