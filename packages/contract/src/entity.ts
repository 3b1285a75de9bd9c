import { z } from 'zod';

/**
 * An admin entity, defined once and shared by both apps: its record and input schemas (with the Chinese messages
 * the forms show), the list filters it accepts, its permission codes, API prefix and limits. The server's CRUD kit
 * registers routes from it, the web's CrudPage derives fields and validation from it, and the test kit
 * runs its tenant, permission and validation checks against it — so a misspelt field or permission code is a
 * compile error on either side rather than a silent 403 or an empty column.
 */

/** How a list filter or sort key is checked before it reaches SQL. */
export type FilterType = 'string' | 'number' | 'integer' | 'id' | 'date';

/** Keys of an entity's record, checked against its schema. */
export type FieldOf<Rec extends z.ZodObject> = keyof z.output<Rec> & string;
export type InputFieldOf<Inp extends z.ZodObject> = keyof z.output<Inp> & string;

/** The menu code that opens the entity's page and the button codes of its actions. */
export interface EntityPermissions {
  read: string;
  add?: string;
  edit?: string;
  remove?: string;
  view?: string;
}

export interface EntityTree<Rec extends z.ZodObject> {
  /** The parent id column (`0` at the roots). */
  parent: FieldOf<Rec>;
  /** Column shown as a tree node's `title` in `tree` / pickers. */
  title: FieldOf<Rec>;
  /** Sort column of siblings. */
  sort?: FieldOf<Rec>;
  /** Comma list of ancestor ids (root first, starting with `0`), maintained by the kit when present. */
  ancestors?: FieldOf<Rec>;
}

export interface EntityDefinition<
  Rec extends z.ZodObject = z.ZodObject,
  Inp extends z.ZodObject = z.ZodObject,
  Msg extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
> {
  /** Short name: query-cache key on the web, i18n namespace `screens.<name>`, test labels. */
  name: string;
  /** API prefix, e.g. `/api/cube-system/param`. */
  api: string;
  /** `tenant`: rows belong to the caller's tenant. `global`: platform-wide rows, written by the platform only. */
  scope: 'tenant' | 'global';
  /**
   * Whether the table has the audit columns (`createUser`, `createDept`, `createTime`, `updateUser`, `updateTime`;
   * menus, departments, roles, dictionaries do not).
   */
  audit: boolean;
  /** The record as the API returns it. */
  record: Rec;
  /** Writable fields (without id). Unknown fields are dropped, so tenant, audit and status cannot be mass-assigned. */
  input: Inp;
  /** Fields that list filters and sorting may name, with how their values are checked. */
  filters: Partial<Record<FieldOf<Rec>, FilterType>>;
  defaultOrder: ReadonlyArray<{ field: FieldOf<Rec>; direction: 'asc' | 'desc' }>;
  permissions: EntityPermissions;
  /** Every message the entity's validation and rules can answer, keyed for translation (`screens.<name>.<key>`). */
  messages: Msg;
  /** Maximum text lengths of input fields (what the form's counters show). */
  limits: Partial<Record<InputFieldOf<Inp>, number>>;
  /** Field combinations that must be unique among live rows (within the tenant for tenant entities). */
  unique?: ReadonlyArray<{ fields: ReadonlyArray<InputFieldOf<Inp>>; message: Msg[keyof Msg] }>;
  tree?: EntityTree<Rec>;
}

/** Identity function that keeps the literal types of a definition (so `paramEntity.permissions.add` is typed). */
export function defineEntity<
  Rec extends z.ZodObject,
  Inp extends z.ZodObject,
  const Msg extends Readonly<Record<string, string>>,
  const Def extends EntityDefinition<Rec, Inp, Msg>,
>(definition: Def & EntityDefinition<Rec, Inp, Msg>): Def {
  return definition;
}

export type RecordOf<E extends EntityDefinition> = z.output<E['record']>;
export type InputOf<E extends EntityDefinition> = z.input<E['input']>;

/** Messages shared by every entity (the wording every screen shows). */
export const CommonMessage = {
  tooLong: (max: number) => `长度不能超过${max}个字符`,
  idsMissing: '缺少必要的请求参数: ids',
  idsInvalid: '请求参数类型错误: ids',
  idMissing: '缺少必要的请求参数: id',
  idInvalid: '请求参数类型错误: id',
} as const;

/** A 64-bit id as a decimal string; BladeX clients also send ids as JSON numbers, which are accepted. */
export const ID_PATTERN = /^[1-9]\d{0,18}$/;

const blankToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);

/** Required text: trimmed, not blank, at most `max` characters; `null` counts as missing. */
export const requiredText = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: message }).trim().min(1, message).max(max, CommonMessage.tooLong(max)),
  );

/** Optional text: absent or `null` becomes `''`. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(max, CommonMessage.tooLong(max)).optional().default(''),
  );

/** An optional id field (e.g. `parentId`): absent, `null` or `''` becomes `'0'` (a root). */
export const optionalParentId = (message: string) =>
  z.preprocess(
    (v) => blankToUndefined(typeof v === 'number' ? String(v) : v),
    z
      .string({ error: message })
      .regex(/^(0|[1-9]\d{0,18})$/, message)
      .optional()
      .default('0'),
  );

/** The audit columns as a record shows them (nulls go out as `''`). */
export const auditRecordShape = {
  createUser: z.string(),
  createDept: z.string(),
  createTime: z.string(),
  updateUser: z.string(),
  updateTime: z.string(),
  status: z.number(),
  isDeleted: z.number(),
};

/** Server-written columns that a request body never sets, whatever it sends (mass assignment). */
export const SERVER_WRITTEN_FIELDS = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
] as const;
