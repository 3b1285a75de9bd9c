/** Code lists and settings shared by the patent entities and screens. */

export const PATENT_TYPES = ['invention', 'utility', 'design'] as const;
export type PatentType = (typeof PATENT_TYPES)[number];
export const PATENT_TYPE_LABELS: Record<PatentType, string> = {
  invention: '发明',
  utility: '实用新型',
  design: '外观设计',
};

/** Lifecycle states, the ones an agency sets by hand on a case. */
export const PATENT_STATUSES = [
  'drafting',
  'filed',
  'accepted',
  'prelim_exam',
  'awaiting_correction',
  'published',
  'se_requested',
  'substantive_exam',
  'awaiting_oa_response',
  'grant_notified',
  'granted',
  'rejected',
  'in_reexam',
  'deemed_withdrawn',
  'withdrawn',
  'deemed_abandoned',
  'lapsed',
  'expired',
  'invalidated',
] as const;
export type PatentStatus = (typeof PATENT_STATUSES)[number];
export const PATENT_STATUS_LABELS: Record<PatentStatus, string> = {
  drafting: '撰写中',
  filed: '已递交',
  accepted: '已受理',
  prelim_exam: '初审中',
  awaiting_correction: '待补正',
  published: '已公布',
  se_requested: '已提实审',
  substantive_exam: '实审中',
  awaiting_oa_response: '待答复审查意见',
  grant_notified: '待办登',
  granted: '已授权',
  rejected: '已驳回',
  in_reexam: '复审中',
  deemed_withdrawn: '视为撤回',
  withdrawn: '主动撤回',
  deemed_abandoned: '视为放弃',
  lapsed: '未缴年费终止',
  expired: '期满终止',
  invalidated: '已无效',
};

/** Official notices (通知书) an agency records; each may trigger deadline rules. */
export const NOTICE_TYPES = [
  'acceptance',
  'correction',
  'oa_first',
  'oa_later',
  'se_entry',
  'grant',
  'rejection',
  'reexam_decision',
  'deemed_withdrawn',
  'other',
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const NOTICE_TYPE_LABELS: Record<NoticeType, string> = {
  acceptance: '专利申请受理通知书',
  correction: '补正通知书',
  oa_first: '第一次审查意见通知书',
  oa_later: '第N次审查意见通知书',
  se_entry: '进入实质审查阶段通知书',
  grant: '授予专利权及办理登记手续通知书',
  rejection: '驳回决定',
  reexam_decision: '复审请求审查决定',
  deemed_withdrawn: '视为撤回通知书',
  other: '其他通知书',
};

export const RECEIPT_RULE_CODES = ['dispatch_plus_15', 'electronic_entry'] as const;
export const RECEIPT_RULE_NAMES: Record<(typeof RECEIPT_RULE_CODES)[number], string> = {
  dispatch_plus_15: '发文日起15日推定收到',
  electronic_entry: '进入电子系统之日送达',
};

export const DEADLINE_STATUSES = ['open', 'done', 'missed', 'waived'] as const;
export const DEADLINE_STATUS_LABELS: Record<(typeof DEADLINE_STATUSES)[number], string> = {
  open: '待办',
  done: '已完成',
  missed: '已超期',
  waived: '已放弃',
};

export const DEADLINE_ANCHOR_CODES = ['receipt', 'dispatch', 'filing', 'filing_or_receipt'] as const;
export const DEADLINE_ANCHOR_NAMES: Record<(typeof DEADLINE_ANCHOR_CODES)[number], string> = {
  receipt: '收到通知书之日',
  dispatch: '发文日',
  filing: '申请日',
  filing_or_receipt: '申请日或收到通知书之日（较晚者）',
};

/** The parameter (系统参数) holding the tenant's receipt rule, and the reminder offsets in days before a deadline. */
export const PATENT_RECEIPT_RULE_PARAM = 'patent.receiptRule';
export const PATENT_REMINDER_OFFSETS_PARAM = 'patent.reminderDays';
export const PATENT_REMINDER_OFFSETS_DEFAULT = [30, 7, 1, 0] as const;
