import {
  agentCompanyEntity,
  patentApplicationEntity,
  patentDeadlineEntity,
  patentDeadlineRuleEntity,
  patentFeeEntity,
  patentHolidayEntity,
  patentNoticeEntity,
} from '@cube/contract';
import { runCrudKit } from '../../../test/kit/crud-kit.js';
import { PATENT_ID } from '../../seed/patent.js';

/** The patent and agent-company entities through the CRUD test kit on both databases. */

runCrudKit({
  entity: agentCompanyEntity,
  table: 'cubeAgentCompany',
  admin: 'tenantAdmin',
  outsider: 'otherTenantAdmin',
  sample: (n) => ({ uniName: `测试科技${n}有限公司`, industry: '软件', contact: '张三' }),
  change: { address: '上海市浦东新区张江路1号', creditCode: '91310115MA1K4L5M6N' },
  invalid: [
    { input: { uniName: '' }, message: agentCompanyEntity.messages.nameRequired },
    { input: { creditCode: '123' }, message: agentCompanyEntity.messages.creditCodeFormat },
    { input: { uniName: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: ['creditCode', 'address', 'contact', 'phone', 'industry', 'remark'],
});

runCrudKit({
  entity: patentApplicationEntity,
  table: 'patApplication',
  admin: 'tenantAdmin',
  outsider: 'otherTenantAdmin',
  sample: (n) => ({ docketNo: `PK-${n}`, patentType: 'invention', title: `一种测试装置${n}` }),
  change: { title: '一种改进的测试装置', patentStatus: 'accepted', filingDate: '2026-03-10' },
  invalid: [
    { input: { docketNo: '' }, message: patentApplicationEntity.messages.docketRequired },
    { input: { title: '' }, message: patentApplicationEntity.messages.titleRequired },
    { input: { patentType: 'software' }, message: patentApplicationEntity.messages.typeInvalid },
    { input: { patentStatus: 'unknown' }, message: patentApplicationEntity.messages.statusInvalid },
    { input: { companyId: 'abc' }, message: patentApplicationEntity.messages.companyInvalid },
    { input: { filingDate: '2026-02-30' }, message: patentApplicationEntity.messages.dateInvalid },
  ],
  optional: [
    'companyId',
    'inventors',
    'agentUserId',
    'applicationNo',
    'filingDate',
    'patentStatus',
    'remark',
  ],
});

runCrudKit({
  entity: patentNoticeEntity,
  table: 'patNotice',
  admin: 'tenantAdmin',
  outsider: 'otherTenantAdmin',
  sample: (n) => ({
    applicationId: PATENT_ID.caseInvention,
    noticeType: 'other',
    noticeNo: `TZ${n}`,
    dispatchDate: '2026-07-17',
    receiptRule: 'dispatch_plus_15',
  }),
  change: { noticeNo: 'TZ-CHANGED', dispatchDate: '2026-07-20' },
  invalid: [
    { input: { applicationId: '' }, message: patentNoticeEntity.messages.applicationRequired },
    { input: { noticeType: 'letter' }, message: patentNoticeEntity.messages.typeInvalid },
    { input: { dispatchDate: '' }, message: patentNoticeEntity.messages.dispatchRequired },
    { input: { dispatchDate: '2026-02-29' }, message: patentNoticeEntity.messages.dateInvalid },
    { input: { receiptRule: 'by_post' }, message: patentNoticeEntity.messages.ruleInvalid },
    { input: { periodMonths: 13 }, message: patentNoticeEntity.messages.periodInvalid },
  ],
  optional: ['noticeNo', 'enteredDate', 'periodMonths', 'remark'],
});

runCrudKit({
  entity: patentDeadlineEntity,
  table: 'patDeadline',
  admin: 'tenantAdmin',
  outsider: 'otherTenantAdmin',
  sample: (n) => ({
    applicationId: PATENT_ID.caseInvention,
    kind: `答复补正通知书${n}`,
    officialDue: '2026-12-01',
    internalDue: '2026-11-25',
  }),
  change: { deadlineStatus: 'done', doneDate: '2026-11-20' },
  invalid: [
    { input: { applicationId: '' }, message: patentDeadlineEntity.messages.applicationRequired },
    { input: { kind: '' }, message: patentDeadlineEntity.messages.kindRequired },
    { input: { officialDue: '' }, message: patentDeadlineEntity.messages.officialRequired },
    { input: { officialDue: '2026-13-01' }, message: patentDeadlineEntity.messages.dateInvalid },
    { input: { deadlineStatus: 'late' }, message: patentDeadlineEntity.messages.statusInvalid },
    { input: { internalDue: '2026-12-05' }, message: patentDeadlineEntity.messages.internalAfterOfficial },
    { input: { ownerUserId: 'x1' }, message: patentDeadlineEntity.messages.ownerInvalid },
  ],
  optional: ['deadlineStatus', 'ownerUserId', 'doneDate', 'remark'],
});

runCrudKit({
  entity: patentFeeEntity,
  table: 'patFee',
  admin: 'tenantAdmin',
  outsider: 'otherTenantAdmin',
  sample: (n) => ({
    applicationId: PATENT_ID.caseInvention,
    feeType: `申请费${n}`,
    amountDue: 900,
    dueDate: '2026-05-11',
  }),
  change: { paidDate: '2026-05-06', amountPaid: 270, receiptNo: 'SJ-001', reductionPct: 70 },
  invalid: [
    { input: { applicationId: 'abc' }, message: patentFeeEntity.messages.applicationRequired },
    { input: { feeType: '' }, message: patentFeeEntity.messages.feeTypeRequired },
    { input: { dueDate: '' }, message: patentFeeEntity.messages.dueRequired },
    { input: { amountDue: -1 }, message: patentFeeEntity.messages.amountInvalid },
    { input: { reductionPct: 101 }, message: patentFeeEntity.messages.reductionInvalid },
    { input: { feeYear: 1.5 }, message: patentFeeEntity.messages.yearInvalid },
  ],
  optional: ['feeYear', 'amountDue', 'reductionPct', 'paidDate', 'amountPaid', 'receiptNo', 'remark'],
});

runCrudKit({
  entity: patentDeadlineRuleEntity,
  table: 'patDeadlineRule',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    ruleCode: `TEST_${n}`,
    kind: '答复通知书',
    noticeType: 'other',
    anchor: 'receipt',
    offsetMonths: 2,
  }),
  change: { signedOff: 1, internalWorkdays: 7, note: '已由代理师确认' },
  invalid: [
    { input: { ruleCode: '' }, message: patentDeadlineRuleEntity.messages.codeRequired },
    { input: { ruleCode: 'lower' }, message: patentDeadlineRuleEntity.messages.codeFormat },
    { input: { kind: '' }, message: patentDeadlineRuleEntity.messages.nameRequired },
    { input: { noticeType: 'x' }, message: patentDeadlineRuleEntity.messages.noticeTypeInvalid },
    {
      input: { patentTypes: 'invention,plant' },
      message: patentDeadlineRuleEntity.messages.patentTypesInvalid,
    },
    { input: { anchor: 'grant' }, message: patentDeadlineRuleEntity.messages.anchorInvalid },
    { input: { offsetMonths: 241 }, message: patentDeadlineRuleEntity.messages.monthsInvalid },
  ],
  optional: [
    'patentTypes',
    'offsetMonths',
    'offsetDays',
    'internalWorkdays',
    'usesNoticePeriod',
    'feeType',
    'enabled',
    'signedOff',
    'note',
  ],
});

const day = (n: number) => new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

runCrudKit({
  entity: patentHolidayEntity,
  table: 'patHoliday',
  admin: 'platformAdmin',
  outsider: 'tenantAdmin',
  sample: (n) => ({ holidayDate: day(n), isWorkday: 0, note: '测试假日' }),
  change: { isWorkday: 1, note: '调休上班' },
  invalid: [
    { input: { holidayDate: '' }, message: patentHolidayEntity.messages.dateRequired },
    { input: { holidayDate: '2031-02-30' }, message: patentHolidayEntity.messages.dateInvalid },
    { input: { isWorkday: 2 }, message: patentHolidayEntity.messages.workdayInvalid },
  ],
  optional: ['isWorkday', 'note'],
});
