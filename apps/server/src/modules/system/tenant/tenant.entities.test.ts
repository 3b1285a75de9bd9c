import { tenantEntity, tenantPackageEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** Tenants and tenant packages through the CRUD test kit; provisioning and limits are in tenancy.test.ts. */
const DESK = '1123598815738675220';
const NOTICE = '1123598815738675221';

runCrudKit({
  entity: tenantPackageEntity,
  table: 'cubeTenantPackage',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ packageName: `测试产品包${n}-${Date.now()}`, menuId: `${DESK},${NOTICE}` }),
  change: { menuId: DESK, remark: '只含工作台' },
  invalid: [
    { input: { packageName: '' }, message: tenantPackageEntity.messages.nameRequired },
    { input: { packageName: null }, message: tenantPackageEntity.messages.nameRequired },
    { input: { packageName: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
    { input: { menuId: '' }, message: tenantPackageEntity.messages.menuRequired },
    { input: { menuId: undefined }, message: tenantPackageEntity.messages.menuRequired },
    { input: { menuId: null }, message: tenantPackageEntity.messages.menuRequired },
    { input: { menuId: ' , ' }, message: tenantPackageEntity.messages.menuRequired },
    { input: { menuId: 'abc' }, message: tenantPackageEntity.messages.menuInvalid },
    { input: { menuId: `${DESK},99` }, message: tenantPackageEntity.messages.menuInvalid },
    { input: { packageName: '标准版' }, message: tenantPackageEntity.messages.nameExists },
  ],
  optional: ['remark'],
});

runCrudKit({
  entity: tenantEntity,
  table: 'cubeTenant',
  admin: 'platformAdmin',
  outsider: 'tenantAdmin',
  sample: (n) => ({
    tenantName: `测试租户${n}-${Date.now()}`,
    linkman: '王测试',
    contactNumber: '010-8888 6666',
    address: '北京市海淀区中关村大街 1 号',
  }),
  change: { linkman: '李修改', address: '上海市徐汇区漕溪北路 18 号' },
  invalid: [
    { input: { tenantName: '' }, message: tenantEntity.messages.tenantNameRequired },
    { input: { tenantName: '  ' }, message: tenantEntity.messages.tenantNameRequired },
    { input: { tenantName: 'x'.repeat(51) }, message: '长度不能超过50个字符' },
    { input: { tenantName: '立方知识产权代理有限公司' }, message: tenantEntity.messages.tenantNameExists },
    { input: { linkman: null }, message: tenantEntity.messages.linkmanRequired },
    { input: { contactNumber: 'call me' }, message: tenantEntity.messages.contactNumberInvalid },
    { input: { domain: 'ftp://example.com' }, message: tenantEntity.messages.domainInvalid },
    { input: { domain: 'https://a.example.com/path' }, message: tenantEntity.messages.domainInvalid },
    { input: { packageId: '123' }, message: tenantEntity.messages.packageInvalid },
    { input: { packageId: 'abc' }, message: tenantEntity.messages.packageInvalid },
    { input: { adminPassword: 'short1' }, message: tenantEntity.messages.adminPasswordInvalid },
    { input: { adminPassword: 'onlyletters' }, message: tenantEntity.messages.adminPasswordInvalid },
  ],
  optional: ['domain', 'backgroundUrl', 'address', 'packageId', 'contactNumber'],
});
