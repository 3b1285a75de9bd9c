import { postEntity, userEntity } from '@cube/contract';
import { runCrudKit } from '../../../test/kit/crud-kit.js';

/** Posts and users through the CRUD test kit; their own rules are tested in users.test.ts. */
runCrudKit({
  entity: postEntity,
  table: 'cubePost',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    category: 3,
    postCode: `kit_post_${n}_${Date.now()}`,
    postName: `测试岗位${n}`,
    sort: n,
  }),
  change: { postName: '已修改的岗位', category: 2, remark: '备注' },
  invalid: [
    { input: { postName: '' }, message: postEntity.messages.postNameRequired },
    { input: { postCode: '  ' }, message: postEntity.messages.postCodeRequired },
    { input: { postCode: null }, message: postEntity.messages.postCodeRequired },
    { input: { category: '' }, message: postEntity.messages.categoryRequired },
    { input: { category: 9 }, message: postEntity.messages.categoryRequired },
    { input: { sort: undefined }, message: postEntity.messages.sortRequired },
    { input: { sort: 1.5 }, message: postEntity.messages.sortInvalid },
    { input: { postName: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
    { input: { postCode: 'ceo' }, message: postEntity.messages.postCodeExists },
  ],
  optional: ['remark'],
});

/** Demo tenant 100000: role 普通用户, department 专利代理部 (seed/demo-data.ts). */
const ROLE_USER = '1123598816738675203';
const DEPT_PATENT = '1123598813738675203';

runCrudKit({
  entity: userEntity,
  table: 'cubeUser',
  admin: 'tenantAdmin',
  tenantIsAChoice: true,
  outsider: 'tenantUser',
  sample: (n) => ({
    account: `kit.user${n}.${Date.now()}`,
    name: `测试${n}`,
    realName: `测试用户${n}`,
    phone: '13800138000',
    email: `kit${n}@example.com`,
    // The kit writes another tenant's row from the parsed input: a real date, since PostgreSQL refuses '' there.
    birthday: '1990-01-01',
    roleId: ROLE_USER,
    deptId: DEPT_PATENT,
  }),
  change: { realName: '已修改的姓名', sex: 2, phone: '13912345678', birthday: '1990-05-01' },
  invalid: [
    { input: { account: '' }, message: userEntity.messages.accountRequired },
    { input: { account: 'a b' }, message: userEntity.messages.accountInvalid },
    { input: { account: 'x'.repeat(46) }, message: userEntity.messages.accountTooLong },
    { input: { account: 'admin' }, message: userEntity.messages.accountExists },
    { input: { name: '' }, message: userEntity.messages.nameRequired },
    { input: { realName: null }, message: userEntity.messages.realNameRequired },
    { input: { phone: '1380013800' }, message: userEntity.messages.phoneLength },
    { input: { phone: '23800138000' }, message: userEntity.messages.phoneFormat },
    { input: { email: 'not-an-email' }, message: userEntity.messages.emailInvalid },
    { input: { roleId: '' }, message: userEntity.messages.roleRequired },
    { input: { deptId: [] }, message: userEntity.messages.deptRequired },
    { input: { roleId: '1,abc' }, message: userEntity.messages.idListInvalid },
    { input: { roleId: '1123598816738675201' }, message: userEntity.messages.roleMissing },
    { input: { deptId: '1123598813738675201' }, message: userEntity.messages.deptMissing },
    { input: { postId: '1123598817738675201' }, message: userEntity.messages.postMissing },
    { input: { birthday: '1990-02-30' }, message: userEntity.messages.birthdayInvalid },
    { input: { sex: 7 }, message: userEntity.messages.sexInvalid },
    { input: { password: '123' }, message: userEntity.messages.passwordInvalid },
  ],
  optional: ['email', 'phone', 'code', 'avatar', 'postId', 'birthday'],
});
