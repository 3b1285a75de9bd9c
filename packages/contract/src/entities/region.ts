import { z } from 'zod';
import { defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  codeRequired: '请输入区划编号',
  codeInvalid: '区划编号只能是 2 到 12 位数字',
  codeExists: '区划编号已存在',
  codeFixed: '区划编号不能修改',
  parentFixed: '上级区划不能修改',
  codePrefix: '区划编号必须以上级区划编号开头',
  parentRequired: '请选择上级区划',
  parentMissing: '上级区划不存在',
  nameRequired: '请输入区划名称',
  levelInvalid: '请选择区划层级',
  sortInvalid: '排序必须是 0 到 999999 的整数',
  hasChildren: '请先删除子节点!',
  importFileRequired: '请上传 xlsx 格式的区划文件',
  importEmpty: '导入文件中没有区划数据',
  importRowInvalid: '导入文件第{row}行: {message}',
  importTooMany: '导入文件不能超过50000行',
} as const;

const limits = { code: 12, name: 64, remark: 255 } as const;

/** The country row every province hangs under (seeded as `00` 中华人民共和国). */
export const REGION_ROOT_CODE = '00';

/** Levels of the `region` dictionary. */
export const REGION_LEVELS = [
  { value: 0, label: '国家' },
  { value: 1, label: '省份/直辖市' },
  { value: 2, label: '地市' },
  { value: 3, label: '区县' },
  { value: 4, label: '乡镇' },
  { value: 5, label: '村委' },
] as const;

const codeText = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? undefined : String(v)),
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .regex(/^\d{2,12}$/, messages.codeInvalid),
  );

/**
 * Administrative regions (BladeX `blade_region`): platform-wide, keyed by the national division
 * code. `parentCode` links the tree (provinces under `00`), `ancestors` lists the codes above a row, and the
 * province … village code/name columns repeat the path for filters and exports; the server derives both.
 */
export const regionEntity = defineEntity({
  name: 'region',
  api: '/api/cube-system/region',
  scope: 'global',
  audit: false,
  record: z.object({
    id: z.string(),
    code: z.string(),
    parentCode: z.string(),
    ancestors: z.string(),
    name: z.string(),
    provinceCode: z.string(),
    provinceName: z.string(),
    cityCode: z.string(),
    cityName: z.string(),
    districtCode: z.string(),
    districtName: z.string(),
    townCode: z.string(),
    townName: z.string(),
    villageCode: z.string(),
    villageName: z.string(),
    regionLevel: z.number(),
    sort: z.number(),
    remark: z.string(),
    isDeleted: z.number(),
  }),
  input: z.object({
    code: codeText(messages.codeRequired),
    parentCode: codeText(messages.parentRequired),
    name: requiredText(messages.nameRequired, limits.name),
    // Derived from the parent by the server whatever is sent; optional so that a form need not know it.
    regionLevel: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.levelInvalid })
        .int(messages.levelInvalid)
        .min(0, messages.levelInvalid)
        .max(5, messages.levelInvalid)
        .optional()
        .default(1),
    ),
    sort: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.sortInvalid })
        .int(messages.sortInvalid)
        .min(0, messages.sortInvalid)
        .max(999_999, messages.sortInvalid)
        .optional()
        .default(0),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    code: 'string',
    parentCode: 'string',
    name: 'string',
    regionLevel: 'integer',
    provinceName: 'string',
    cityName: 'string',
    districtName: 'string',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'code', direction: 'asc' },
  ],
  permissions: {
    read: 'region',
    add: 'region_add',
    edit: 'region_edit',
    remove: 'region_delete',
    view: 'region_view',
  },
  messages,
  limits,
  unique: [{ fields: ['code'], message: messages.codeExists }],
});

export type Region = RecordOf<typeof regionEntity>;

/** The TreeNode of `region/lazy-tree`, keyed by code as BladeX's is. */
export interface RegionNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
}
