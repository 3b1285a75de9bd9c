import type { StepField, StepFormDeclaration } from '@cube/contract';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A step form drawn from its declaration in the contract (`STEP_FORMS`): one control per declared field, checked
 * with the declaration's own zod schema and messages — the same check the server runs when the step is completed,
 * so the page never spells a rule of its own. The values travel as the completion's variables (dates as
 * `YYYY-MM-DD`).
 */

type FormValues = Record<string, unknown>;

/** A field's form value as the schema (and the server) reads it. */
function sentValue(field: StepField, value: unknown): unknown {
  if (value === undefined || value === null) return field.kind === 'number' ? undefined : '';
  if (field.kind === 'date')
    return dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : String(value);
  if (typeof value === 'string') return value.trim();
  return value;
}

/** The completion's variables for the form: each declared field's value as the server reads it. */
export function stepFormVariables(
  form: StepFormDeclaration,
  values: FormValues,
): Record<string, string | number> {
  const variables: Record<string, string | number> = {};
  for (const field of form.fields) {
    const value = sentValue(field, values[field.name]);
    if (typeof value === 'string' || typeof value === 'number') variables[field.name] = value;
  }
  return variables;
}

/** The names of the form's fields, to validate with the comment on 同意. */
export const stepFieldNames = (form: StepFormDeclaration | undefined): string[] =>
  form ? form.fields.map((field) => field.name) : [];

/** A rule that runs the declaration's schema over the form's values and reports this field's first issue. */
function schemaRule(form: StepFormDeclaration, field: StepField, host: FormInstance): Rule {
  return {
    validator: async () => {
      const result = form.input.safeParse(stepFormVariables(form, host.getFieldsValue(stepFieldNames(form))));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field.name);
      if (issue) throw new Error(issue.message);
    },
  };
}

/** One control; Form.Item hands it `value` and `onChange`, passed on to the antd input. */
function Control({ field, id, ...bound }: { field: StepField; id: string; value?: never; onChange?: never }) {
  switch (field.kind) {
    case 'date':
      return (
        <DatePicker
          {...bound}
          id={id}
          style={{ width: '100%' }}
          {...(field.notAfterToday ? { disabledDate: (day: Dayjs) => day.isAfter(new Date(), 'day') } : {})}
        />
      );
    case 'select':
      return (
        <Select
          {...bound}
          id={id}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          {...(field.required ? {} : { allowClear: true })}
        />
      );
    case 'number':
      return (
        <InputNumber {...bound} id={id} style={{ width: '100%' }} precision={0} placeholder={field.example} />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...bound}
          id={id}
          rows={3}
          maxLength={field.maxLength}
          showCount={Boolean(field.maxLength)}
        />
      );
    default:
      return <Input {...bound} id={id} maxLength={field.maxLength} placeholder={field.example} />;
  }
}

/**
 * The fields of a step form inside the handle page's antd form (`host`): text, date, choice and number fields two
 * to a row, longer texts on a row of their own.
 */
export function StepFormFields({ form, host }: { form: StepFormDeclaration; host: FormInstance }) {
  return (
    <Row gutter={16} data-testid="flow-step-form" data-form-key={form.key}>
      {form.fields.map((field) => (
        <Col key={field.name} xs={24} md={field.kind === 'textarea' ? 24 : 12}>
          <Form.Item
            name={field.name}
            label={field.label}
            htmlFor={`step-${field.name}`}
            required={field.required}
            rules={[schemaRule(form, field, host)]}
          >
            <Control field={field} id={`step-${field.name}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
