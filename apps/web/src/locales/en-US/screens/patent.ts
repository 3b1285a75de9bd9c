import {
  agentCompanyEntity,
  DEADLINE_ANCHOR_NAMES,
  NOTICE_TYPE_LABELS,
  PATENT_STATUS_LABELS,
  patentApplicationEntity,
  patentDeadlineEntity,
  patentDeadlineRuleEntity,
  patentFeeEntity,
  patentHolidayEntity,
  patentNoticeEntity,
} from '@cube/contract';
import type { Messages } from '../../zh-CN';

// Validation messages, CNIPA notice names and lifecycle states stay in Chinese: they are the server's words and
// the office's own terms, which an English-speaking user of a Chinese agency meets in Chinese anyway.

export const patentApplication: Messages['screens']['patentApplication'] = {
  docketNo: 'Docket no.',
  patentType: 'Type',
  title: 'Title',
  companyId: 'Applicant',
  inventors: 'Inventors',
  agentUserId: 'Agent',
  applicationNo: 'Application no.',
  filingDate: 'Filing date',
  patentStatus: 'Status',
  remark: 'Remark',
  createTime: 'Created',
  detail: 'Notices & deadlines',
  detailTitle: 'Case {{docketNo}}: {{title}}',
  tabNotices: 'Notices',
  tabDeadlines: 'Deadlines',
  tabFees: 'Fees',
  companyPlaceholder: 'Choose the applicant company',
  agentPlaceholder: 'Type a name to search',
  types: { invention: 'Invention', utility: 'Utility model', design: 'Design' },
  statuses: { ...PATENT_STATUS_LABELS },
  ...patentApplicationEntity.messages,
};

export const patentNotice: Messages['screens']['patentNotice'] = {
  noticeType: 'Notice type',
  noticeNo: 'Serial no.',
  dispatchDate: 'Dispatch date',
  enteredDate: 'Entered system on',
  receiptRule: 'Receipt rule',
  receiptRuleHelp: 'Empty: the setting patent.receiptRule',
  receiptDate: 'Deemed receipt',
  periodMonths: 'Period stated (months)',
  periodMonthsHelp: '0: the rule’s period',
  remark: 'Remark',
  types: { ...NOTICE_TYPE_LABELS },
  rules: { dispatch_plus_15: 'Dispatch + 15 days', electronic_entry: 'Day it entered the system' },
  ...patentNoticeEntity.messages,
};

export const patentDeadline: Messages['screens']['patentDeadline'] = {
  docketNo: 'Docket no.',
  title: 'Title',
  kind: 'Action',
  officialDue: 'Official deadline',
  internalDue: 'Internal deadline',
  periodEnd: 'Period end (before shift)',
  ruleCode: 'Rule',
  deadlineStatus: 'Status',
  ownerUserId: 'Owner',
  doneDate: 'Done on',
  remark: 'Remark',
  statuses: { open: 'Open', done: 'Done', missed: 'Missed', waived: 'Waived' },
  ...patentDeadlineEntity.messages,
};

export const patentFee: Messages['screens']['patentFee'] = {
  docketNo: 'Docket no.',
  feeType: 'Fee',
  feeYear: 'Year',
  amountDue: 'Amount due',
  reductionPct: 'Reduction (%)',
  dueDate: 'Due date',
  paidDate: 'Paid on',
  amountPaid: 'Amount paid',
  receiptNo: 'Receipt no.',
  remark: 'Remark',
  ...patentFeeEntity.messages,
};

export const patentDeadlineRule: Messages['screens']['patentDeadlineRule'] = {
  ruleCode: 'Code',
  kind: 'Action',
  noticeType: 'Notice type',
  patentTypes: 'Patent types',
  patentTypesHelp: 'Comma list of invention / utility / design; empty for all',
  anchor: 'Runs from',
  offsetMonths: 'Months',
  offsetDays: 'Days',
  internalWorkdays: 'Internal lead (working days)',
  usesNoticePeriod: 'Notice’s stated period wins',
  feeType: 'Also creates fee',
  enabled: 'Enabled',
  signedOff: 'Signed off by an attorney',
  note: 'Note',
  anchors: { ...DEADLINE_ANCHOR_NAMES },
  signOffWarning:
    'The seeded rules come from research notes; a patent attorney must sign each one off before it is relied on.',
  ...patentDeadlineRuleEntity.messages,
};

export const patentHoliday: Messages['screens']['patentHoliday'] = {
  holidayDate: 'Date',
  isWorkday: 'Working day',
  workday: 'Make-up workday',
  dayOff: 'Day off',
  note: 'Note',
  hint: 'Days not listed follow Monday–Friday; keep this in line with the State Council’s yearly holiday notice.',
  ...patentHolidayEntity.messages,
};

export const agentCompany: Messages['screens']['agentCompany'] = {
  uniName: 'Company',
  creditCode: 'Credit code',
  address: 'Address',
  contact: 'Contact',
  phone: 'Phone',
  industry: 'Industry',
  remark: 'Remark',
  createTime: 'Created',
  authUsers: 'Authorised users',
  authTitle: 'Authorised users: {{name}}',
  authHelp: 'Authorised users see this company in their company list',
  usersPlaceholder: 'Type a name to search',
  cases: 'Patent cases',
  casesTitle: 'Patent cases of {{name}}',
  saved: 'Saved',
  ...agentCompanyEntity.messages,
};

export const patentDashboard: Messages['screens']['patentDashboard'] = {
  title: 'Deadlines',
  today: 'Today: {{today}}',
  week: 'Due this week ({{from}} – {{to}})',
  overdue: 'Overdue',
  byAgent: 'By agent',
  agent: 'Agent',
  open: 'Open',
  dueThisWeek: 'This week',
  overdueCount: 'Overdue',
  empty: 'None',
  refresh: 'Refresh',
};
