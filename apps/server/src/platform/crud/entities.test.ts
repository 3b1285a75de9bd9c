import { noticeEntity, paramEntity } from '@cube/contract';
import { runCrudKit } from '../../../test/kit/crud-kit.js';

/** Every admin entity runs through the CRUD test kit; its own rules are tested in its own file. */
runCrudKit({
  entity: paramEntity,
  table: 'cubeParam',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    paramName: `测试参数${n}`,
    paramKey: `kit.param.${n}.${Date.now()}`,
    paramValue: `${n}`,
  }),
  change: { paramValue: 'changed', remark: '备注' },
  invalid: [
    { input: { paramName: '' }, message: paramEntity.messages.nameRequired },
    { input: { paramName: '   ' }, message: paramEntity.messages.nameRequired },
    { input: { paramKey: undefined }, message: paramEntity.messages.keyRequired },
    { input: { paramKey: null }, message: paramEntity.messages.keyRequired },
    { input: { paramValue: '' }, message: paramEntity.messages.valueRequired },
    { input: { paramName: 'x'.repeat(256) }, message: '长度不能超过255个字符' },
    { input: { paramKey: 'account.failCount' }, message: paramEntity.messages.keyExists },
  ],
  optional: ['remark'],
});

runCrudKit({
  entity: noticeEntity,
  table: 'cubeNotice',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    title: `测试通知${n}`,
    category: 1,
    releaseTime: '2026-01-01 09:00:00',
    content: '内容',
  }),
  change: { title: '已修改的通知', category: 2 },
  invalid: [
    { input: { title: '' }, message: noticeEntity.messages.titleRequired },
    { input: { title: 'x'.repeat(256) }, message: noticeEntity.messages.titleTooLong },
    { input: { category: '' }, message: noticeEntity.messages.categoryRequired },
    { input: { category: 1.5 }, message: noticeEntity.messages.categoryRequired },
    { input: { releaseTime: '' }, message: noticeEntity.messages.releaseTimeRequired },
    { input: { releaseTime: '2024-02-30 09:00:00' }, message: noticeEntity.messages.releaseTimeInvalid },
    { input: { releaseTime: '2024/01/01' }, message: noticeEntity.messages.releaseTimeInvalid },
    { input: { content: 'x'.repeat(20_001) }, message: noticeEntity.messages.contentTooLong },
  ],
  optional: ['content'],
});
