import { leadEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** 客户咨询 through the CRUD test kit (tenant walls, codes, mass assignment, filters, messages) on both databases. */
runCrudKit({
  entity: leadEntity,
  table: 'cubeLead',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    name: `客户${n}`,
    phone: `1380000${String(n).padStart(4, '0')}`,
    company: '测试科技有限公司',
    service: '专利申请',
    message: '想了解专利申请流程',
  }),
  change: { leadStatus: 2, notes: '已电话联系' },
  invalid: [
    { input: { name: '' }, message: leadEntity.messages.nameRequired },
    { input: { phone: '' }, message: leadEntity.messages.phoneRequired },
    { input: { phone: '1380000' }, message: leadEntity.messages.phoneLength },
    { input: { phone: '23800001111' }, message: leadEntity.messages.phoneFormat },
    { input: { service: '' }, message: leadEntity.messages.serviceRequired },
    { input: { leadStatus: 9 }, message: leadEntity.messages.leadStatusInvalid },
    { input: { assigneeId: 'abc' }, message: leadEntity.messages.assigneeInvalid },
    { input: { name: 'x'.repeat(51) }, message: '长度不能超过50个字符' },
  ],
  optional: ['company', 'message', 'notes', 'assigneeId', 'leadStatus'],
});
