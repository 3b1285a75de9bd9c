import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入产品包名称',
  menuRequired: '请选择菜单',
  menuInvalid: '菜单选择不正确',
  menuPlatformOnly: '产品包不能包含平台专属菜单',
  nameExists: '产品包名称已存在',
  inUse: '产品包正在被租户使用，不能删除',
} as const;

const limits = { packageName: 100, remark: 1000 } as const;

/** The tree choice's ids, comma-joined as BladeX sends them (an array is joined the same way). */
const menuIdList = z.preprocess(
  (v) => {
    if (v === null || v === undefined) return undefined;
    const list = Array.isArray(v) ? v.map(String) : String(v).split(',');
    return list.map((id) => id.trim()).filter(Boolean);
  },
  z
    .array(z.string().regex(/^[1-9]\d{0,18}$/, messages.menuInvalid), { error: messages.menuRequired })
    .min(1, messages.menuRequired)
    .max(5000, messages.menuInvalid)
    .transform((ids) => [...new Set(ids)].join(',')),
);

/**
 * Tenant packages (BladeX `/tenant-package/*`): a product bundle of menus and buttons. A
 * tenant with a package sees, and can be granted, only what the package holds (the platform tenant never has one).
 */
export const tenantPackageEntity = defineEntity({
  name: 'tenantPackage',
  api: '/api/cube-system/tenant-package',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    packageName: z.string(),
    menuId: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    packageName: requiredText(messages.nameRequired, limits.packageName),
    menuId: menuIdList,
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    packageName: 'string',
    remark: 'string',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  // The package screen always permits add, delete and edit, but has no separate view button.
  permissions: {
    read: 'tenant_package',
    add: 'tenant_package_add',
    edit: 'tenant_package_edit',
    remove: 'tenant_package_delete',
  },
  messages,
  limits,
  unique: [{ fields: ['packageName'], message: messages.nameExists }],
});

export type TenantPackage = RecordOf<typeof tenantPackageEntity>;
