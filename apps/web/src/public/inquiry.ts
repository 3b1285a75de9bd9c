import type { CustomerInquiry } from '@cube/contract';

/**
 * Client-side checks of the customer-information form, in the server's words (contract `lead.ts`), so a visitor
 * sees the same message before and after the round trip. The server checks again; these only save the trip.
 */
export const INQUIRY_MESSAGES = {
  nameRequired: '请输入您的姓名',
  nameTooLong: '长度不能超过50个字符',
  phoneRequired: '手机号码不能为空',
  phoneLength: '手机号码长度不为11位',
  phoneFormat: '手机号码格式不正确',
  companyTooLong: '长度不能超过100个字符',
  serviceRequired: '请选择咨询业务',
  messageTooLong: '长度不能超过1000个字符',
  consentRequired: '请阅读并同意隐私政策',
  submitted: '提交成功，我们会尽快与您联系',
  failed: '提交失败，请稍后重试',
  network: '网络异常，请检查网络后重试',
} as const;

/** The form's fields: the inquiry and the visitor's consent to the privacy notice. */
export type InquiryForm = CustomerInquiry & { consent: boolean };

export type InquiryErrors = Partial<Record<keyof InquiryForm, string>>;

export function validateInquiry(values: InquiryForm): InquiryErrors {
  const errors: InquiryErrors = {};
  const name = values.name.trim();
  const phone = values.phone.trim();
  if (!name) errors.name = INQUIRY_MESSAGES.nameRequired;
  else if (name.length > 50) errors.name = INQUIRY_MESSAGES.nameTooLong;
  if (!phone) errors.phone = INQUIRY_MESSAGES.phoneRequired;
  else if (phone.length !== 11) errors.phone = INQUIRY_MESSAGES.phoneLength;
  else if (!/^1[3-9]\d{9}$/.test(phone)) errors.phone = INQUIRY_MESSAGES.phoneFormat;
  if (values.company.trim().length > 100) errors.company = INQUIRY_MESSAGES.companyTooLong;
  if (!values.service.trim()) errors.service = INQUIRY_MESSAGES.serviceRequired;
  if (values.message.trim().length > 1000) errors.message = INQUIRY_MESSAGES.messageTooLong;
  if (!values.consent) errors.consent = INQUIRY_MESSAGES.consentRequired;
  return errors;
}

/** One id per filled-in form: a double click or a retry sends the same id, and the server stores the lead once. */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SubmitOutcome {
  ok: boolean;
  message: string;
}

/** Sends the form; the server answers in the R envelope (`code`, `success`, `msg`). */
export async function submitInquiry(
  values: InquiryForm,
  requestId: string,
  fetcher: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  try {
    const response = await fetcher('/api/cube-pr/prkhzx/submit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: values.name.trim(),
        phone: values.phone.trim(),
        company: values.company.trim(),
        service: values.service.trim(),
        message: values.message.trim(),
        consent: values.consent,
        requestId,
      }),
    });
    const body = (await response.json().catch(() => undefined)) as
      | { success?: boolean; msg?: string }
      | undefined;
    if (response.ok && body?.success !== false) return { ok: true, message: INQUIRY_MESSAGES.submitted };
    return { ok: false, message: body?.msg || INQUIRY_MESSAGES.failed };
  } catch {
    return { ok: false, message: INQUIRY_MESSAGES.network };
  }
}
