import { z } from 'zod';
import { isValidApplicationNumber, PatentNumberMessage } from './patent-number.js';

/**
 * Step forms: what a user task asks for besides the comment, named by the task's `camunda:formKey`. Each form is
 * declared once here — its input schema (with the Chinese messages) and the fields a page draws — and everything
 * else follows from the declaration: the server refuses a model naming a key that is not declared, checks the
 * values a completion sends against the schema inside the completing transaction (before the business binding
 * writes them), the handle page draws the fields and checks them with the same schema, and the designer offers
 * the declared keys. The fields count on 同意 only; returning or rejecting a step asks for nothing.
 */

/** How a field is drawn: one-line text, several lines, a calendar day (`YYYY-MM-DD`), a choice, a whole number. */
export type StepFieldKind = 'text' | 'textarea' | 'date' | 'select' | 'number';

export interface StepFieldOption {
  value: string;
  label: string;
}

export interface StepField {
  /** The variable the value travels in (the completion's `variables`, then the instance's). */
  name: string;
  label: string;
  kind: StepFieldKind;
  required: boolean;
  /** The choices of a `select`. */
  options?: readonly StepFieldOption[];
  /** A well-formed example, shown as the placeholder. */
  example?: string;
  /** Longest text accepted (text and textarea). */
  maxLength?: number;
  /** A `date` field that may not lie after today. */
  notAfterToday?: boolean;
}

export interface StepFormDeclaration<S extends z.ZodType = z.ZodType> {
  key: string;
  /** The form's name, as the designer lists it. */
  title: string;
  fields: readonly StepField[];
  input: S;
}

export const StepFormMessage = {
  applicationNoRequired: '请输入申请号',
  applicationNoInvalid: '申请号格式不正确，如 202610123457.4',
  applicationNoExists: '申请号已被其他案件使用',
  filingDateRequired: '请选择申请日',
  filingDateFuture: '申请日不能晚于今天',
  claimCountRequired: '请输入权利要求项数',
  claimCountInvalid: '权利要求项数须为 1–200 的整数',
  draftNoteTooLong: '撰写说明不能超过 500 个字符',
  reviewConclusionRequired: '请选择审核结论',
  reviewOpinionRequired: '请输入审核意见',
  reviewOpinionTooLong: '审核意见不能超过 1000 个字符',
  formKeyUnknown: '用户任务的表单标识未登记',
} as const;

/** Today's calendar day on this machine's clock, `YYYY-MM-DD`. */
export function localDay(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A required text: trimmed, not blank, at most `max` characters. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** 登记受理 (`patent.acceptance`): the filing the office acknowledged — application number and filing date. */
export const FLOW_STEP_FORM_ACCEPTANCE = 'patent.acceptance';
/** 撰写申请文件 (`patent.draft`): what the agent drafted — the number of claims and a note for the reviewer. */
export const FLOW_STEP_FORM_DRAFT = 'patent.draft';
/** 内部审核 (`patent.review`): the reviewer's conclusion and opinion on the draft. */
export const FLOW_STEP_FORM_REVIEW = 'patent.review';

export const flowAcceptanceInput = z.object({
  applicationNo: z
    .string({ error: StepFormMessage.applicationNoRequired })
    .trim()
    .min(1, StepFormMessage.applicationNoRequired)
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^\d{12}\.[\dX]$/, StepFormMessage.applicationNoInvalid)
        // The office's number carries a weighted mod-11 check digit: a mistyped digit is caught here.
        .refine(isValidApplicationNumber, PatentNumberMessage.checkDigit),
    ),
  filingDate: z
    .string({ error: StepFormMessage.filingDateRequired })
    .trim()
    .min(1, StepFormMessage.filingDateRequired)
    .refine(isRealDay, StepFormMessage.filingDateRequired)
    .refine((v) => v <= localDay(), StepFormMessage.filingDateFuture),
});
export type FlowAcceptanceInput = z.infer<typeof flowAcceptanceInput>;

export const flowDraftInput = z.object({
  claimCount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: StepFormMessage.claimCountRequired })
      .int(StepFormMessage.claimCountInvalid)
      .min(1, StepFormMessage.claimCountInvalid)
      .max(200, StepFormMessage.claimCountInvalid),
  ),
  draftNote: z.string().trim().max(500, StepFormMessage.draftNoteTooLong).optional().default(''),
});

export const REVIEW_CONCLUSIONS = [
  { value: 'pass', label: '可以递交' },
  { value: 'pass_with_edits', label: '修改后递交' },
] as const;

export const flowReviewInput = z.object({
  reviewConclusion: z.enum(REVIEW_CONCLUSIONS.map((c) => c.value) as ['pass', 'pass_with_edits'], {
    error: StepFormMessage.reviewConclusionRequired,
  }),
  reviewOpinion: requiredText(
    StepFormMessage.reviewOpinionRequired,
    1000,
    StepFormMessage.reviewOpinionTooLong,
  ),
});

/** Every declared step form, by form key. A new one is one entry here (and its business writes, if any). */
export const STEP_FORMS: Readonly<Record<string, StepFormDeclaration>> = {
  [FLOW_STEP_FORM_ACCEPTANCE]: {
    key: FLOW_STEP_FORM_ACCEPTANCE,
    title: '登记受理（申请号、申请日）',
    input: flowAcceptanceInput,
    fields: [
      {
        name: 'applicationNo',
        label: '申请号',
        kind: 'text',
        required: true,
        example: '202610123457.4',
        maxLength: 30,
      },
      { name: 'filingDate', label: '申请日', kind: 'date', required: true, notAfterToday: true },
    ],
  },
  [FLOW_STEP_FORM_DRAFT]: {
    key: FLOW_STEP_FORM_DRAFT,
    title: '撰写申请文件（权利要求项数、撰写说明）',
    input: flowDraftInput,
    fields: [
      { name: 'claimCount', label: '权利要求项数', kind: 'number', required: true, example: '10' },
      { name: 'draftNote', label: '撰写说明', kind: 'textarea', required: false, maxLength: 500 },
    ],
  },
  [FLOW_STEP_FORM_REVIEW]: {
    key: FLOW_STEP_FORM_REVIEW,
    title: '内部审核（审核结论、审核意见）',
    input: flowReviewInput,
    fields: [
      {
        name: 'reviewConclusion',
        label: '审核结论',
        kind: 'select',
        required: true,
        options: REVIEW_CONCLUSIONS,
      },
      { name: 'reviewOpinion', label: '审核意见', kind: 'textarea', required: true, maxLength: 1000 },
    ],
  },
};

/** The declared form keys, in declaration order (what the designer offers). */
export const STEP_FORM_KEYS: readonly string[] = Object.keys(STEP_FORMS);

/** The declaration of a form key, or undefined for `''` and keys nobody declared. */
export const stepFormOf = (key: string | null | undefined): StepFormDeclaration | undefined =>
  key ? STEP_FORMS[key] : undefined;
