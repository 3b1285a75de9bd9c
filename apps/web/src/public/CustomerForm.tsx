import { type FormEvent, type ReactElement, useId, useRef, useState } from 'react';
import {
  type InquiryErrors,
  type InquiryForm,
  newRequestId,
  type SubmitOutcome,
  submitInquiry,
  validateInquiry,
} from './inquiry';

/** The keys of the `lead_service` dictionary the console's 客户咨询 screen shows. */
export const SERVICE_OPTIONS = ['专利申请', '商标注册', '版权登记', '体系认证', '科技项目申报', '其他'];

/** The service a product line asks about. */
export const serviceOfProductCategory = (category: number): string =>
  ({ 1: '专利申请', 2: '商标注册', 3: '版权登记' })[category] ?? '其他';

const EMPTY: InquiryForm = { name: '', phone: '', company: '', service: '', message: '', consent: false };

/** The customer-information form (`cube-pr/prkhzx/submit`): checked here first, then by the server. */
export function CustomerForm({ defaultService = '' }: { defaultService?: string }) {
  const [values, setValues] = useState<InquiryForm>({ ...EMPTY, service: defaultService });
  const [errors, setErrors] = useState<InquiryErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SubmitOutcome | undefined>();
  // Kept across retries of the same filled-in form; a new one after a success.
  const requestId = useRef<string | undefined>(undefined);
  const uid = useId();
  const options =
    values.service && !SERVICE_OPTIONS.includes(values.service)
      ? [values.service, ...SERVICE_OPTIONS]
      : SERVICE_OPTIONS;

  const set = (field: Exclude<keyof InquiryForm, 'consent'>) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateInquiry(values);
    setErrors(found);
    setOutcome(undefined);
    if (Object.keys(found).length > 0) return;
    requestId.current ??= newRequestId();
    setBusy(true);
    const result = await submitInquiry(values, requestId.current);
    setBusy(false);
    setOutcome(result);
    if (result.ok) {
      requestId.current = undefined;
      setValues({ ...EMPTY, service: defaultService });
    }
  };

  const field = (
    name: Exclude<keyof InquiryForm, 'consent'>,
    label: string,
    required: boolean,
    input: ReactElement,
    wide = false,
  ) => (
    <div className={wide ? 's-field s-field-wide' : 's-field'}>
      <label htmlFor={`${uid}-${name}`}>
        {required ? <em>*</em> : null}
        {label}
      </label>
      {input}
      {errors[name] ? (
        <span className="s-error" id={`${uid}-${name}-error`} role="alert">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  const common = (name: Exclude<keyof InquiryForm, 'consent'>) => ({
    id: `${uid}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${uid}-${name}-error` : undefined,
  });

  return (
    <form className="s-form" onSubmit={onSubmit} noValidate aria-label="客户信息登记">
      {field('name', '姓名', true, <input {...common('name')} maxLength={50} autoComplete="name" />)}
      {field(
        'phone',
        '手机号码',
        true,
        <input {...common('phone')} inputMode="numeric" maxLength={11} autoComplete="tel" />,
      )}
      {field(
        'company',
        '公司名称',
        false,
        <input {...common('company')} maxLength={100} autoComplete="organization" />,
      )}
      {field(
        'service',
        '咨询业务',
        true,
        <select {...common('service')}>
          <option value="">请选择</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>,
      )}
      {field('message', '留言', false, <textarea {...common('message')} rows={4} maxLength={1000} />, true)}
      <div className="s-field s-field-wide s-consent">
        <label>
          <input
            type="checkbox"
            name="consent"
            checked={values.consent}
            onChange={(event) => {
              const consent = event.target.checked;
              setValues((v) => ({ ...v, consent }));
              if (consent && errors.consent) setErrors((e) => ({ ...e, consent: undefined }));
            }}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${uid}-consent-error` : undefined}
          />
          <span>
            我已阅读并同意
            <a href="/privacy" target="_blank" rel="noopener">
              《隐私政策》
            </a>
            ，同意将以上信息用于咨询答复
          </span>
        </label>
        {errors.consent ? (
          <span className="s-error" id={`${uid}-consent-error`} role="alert">
            {errors.consent}
          </span>
        ) : null}
      </div>
      {outcome ? (
        <div className={outcome.ok ? 's-alert s-alert-ok' : 's-alert s-alert-fail'} role="status">
          {outcome.message}
        </div>
      ) : null}
      <div className="s-field-wide">
        <button type="submit" className="s-btn" disabled={busy}>
          {busy ? '提交中…' : '提交咨询'}
        </button>
      </div>
    </form>
  );
}
