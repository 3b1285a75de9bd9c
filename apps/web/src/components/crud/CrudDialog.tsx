import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Descriptions, Form, Modal, Row, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../api/crud';
import { useMessageApi } from '../../lib/feedback';
import { CellValue } from './CellValue';
import styles from './CrudPage.module.css';
import { FieldControl } from './FieldControl';
import { reportFailure } from './failures';
import type { CrudField, CrudMode } from './types';
import { type FormValues, fieldType, fromFormValues, inForm, toFormValues } from './values';

export interface DialogState<T> {
  mode: CrudMode;
  /** The row the dialog was opened from (edit and view). */
  record?: T | undefined;
  /** Add: values given in advance (e.g. the parent of a new child); sent even for fields not in the form. */
  preset?: Record<string, unknown> | undefined;
}

interface CrudDialogProps<T extends { id: string }> {
  resource: string;
  api: CrudApi<T>;
  fields: readonly CrudField[];
  width: number;
  state: DialogState<T> | undefined;
  onClose: () => void;
  /** After a successful save, with what was sent. */
  onSaved?: (mode: CrudMode, record: Record<string, unknown>) => void;
}

const TITLE_KEYS = { add: 'crud.add', edit: 'crud.edit', view: 'crud.view' } as const;

/** The validation rules of a field: required (with the declared message), maximum length, declared extras. */
export function fieldRules(field: CrudField, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  if (field.required) {
    const type = fieldType(field);
    // `whitespace` makes the validator expect a string: only for text, or numbers and dates would fail.
    const textual = type === 'text' || type === 'textarea';
    rules.push(
      textual
        ? { required: true, whitespace: true, message: t(field.required) }
        : { required: true, message: t(field.required) },
    );
  }
  if (field.maxLength !== undefined) {
    rules.push({ max: field.maxLength, message: t('crud.maxLength', { max: field.maxLength }) });
  }
  if (field.rules) rules.push(...field.rules(t));
  return rules;
}

/** A new record's values: each field's initial value, then the preset ones. */
function addValues(fields: readonly CrudField[], preset: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = field.initialValue;
  return { ...values, ...preset };
}

function fieldSpan(field: CrudField): 12 | 24 {
  if (field.span) return field.span;
  const type = fieldType(field);
  return type === 'textarea' || type === 'upload' ? 24 : 12;
}

/**
 * The form items of declared fields in the dialog's two-column grid, each with its control, label, rules and help:
 * the dialog's body, and the same fields on a page's own form (e.g. a case created while starting its flow) inside
 * the page's `<Form>`; values go through `toFormValues` / `fromFormValues` like the dialog's.
 */
export function CrudFormItems({ fields, mode }: { fields: readonly CrudField[]; mode: CrudMode }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {fields.map((field) => {
        const readOnly = field.readOnlyIn?.includes(mode) ?? false;
        return (
          <Col key={field.name} xs={24} md={fieldSpan(field)}>
            <Form.Item
              name={field.name}
              label={t(field.label)}
              rules={readOnly ? [] : fieldRules(field, t)}
              extra={field.help ? t(field.help) : undefined}
            >
              <FieldControl field={field} purpose="form" disabled={readOnly} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * The one dialog of a CRUD page, for add, edit and view (on a failed save the busy state is released
 * and the dialog stays open). Edit and view load the record with `detail` when the binding has it.
 */
export function CrudDialog<T extends { id: string }>({
  resource,
  api,
  fields,
  width,
  state,
  onClose,
  onSaved,
}: CrudDialogProps<T>) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();

  const open = state !== undefined;
  const mode = state?.mode ?? 'add';
  const id = state?.record?.id;
  const needsDetail = open && mode !== 'add' && api.detail !== undefined && id !== undefined;
  const detail = useQuery({
    queryKey: [resource, 'detail', id],
    queryFn: () => api.detail!(id!),
    enabled: needsDetail,
    staleTime: 0,
  });
  const save = useMutation({ mutationFn: (record: FormValues) => api.submit(record) });

  const formFields = fields.filter((field) => inForm(field, mode));
  const record = (needsDetail ? detail.data : state?.record) as FormValues | undefined;
  const ready = mode === 'add' || record !== undefined;
  const viewing = mode === 'view';
  const preset = state?.preset;
  // A new record starts from the fields' initial values, overridden by what the opener preset.
  const initial = mode === 'add' && preset ? addValues(formFields, preset) : undefined;

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const payload = fromFormValues(values, formFields);
    if (mode === 'add' && preset) {
      for (const [name, value] of Object.entries(preset)) if (!(name in payload)) payload[name] = value;
    }
    if (mode === 'edit' && id !== undefined) payload.id = id;
    try {
      await save.mutateAsync(payload);
    } catch (error) {
      reportFailure(error, message);
      return;
    }
    void message.success(t(mode === 'add' ? 'crud.added' : 'crud.updated'));
    void queryClient.invalidateQueries({ queryKey: [resource] });
    onSaved?.(mode, payload);
    onClose();
  };

  let body: React.ReactNode;
  if (needsDetail && detail.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('crud.detailFailed')}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (viewing && record) {
    body = (
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={formFields.map((field) => ({
          key: field.name,
          label: t(field.label),
          span: fieldSpan(field) === 24 ? ('filled' as const) : 1,
          children: (
            <div className={styles.viewValue}>
              <CellValue field={field} value={record[field.name]} />
            </div>
          ),
        }))}
      />
    );
  } else if (!ready) {
    body = (
      <div className={styles.dialogLoading}>
        <Spin />
      </div>
    );
  } else {
    body = (
      <Form
        key={`${mode}-${id ?? 'new'}-${preset ? JSON.stringify(preset) : ''}`}
        form={form}
        name={`crud-${resource}`}
        layout="vertical"
        clearOnDestroy
        initialValues={toFormValues(mode === 'add' ? initial : record, formFields)}
      >
        <CrudFormItems fields={formFields} mode={mode} />
      </Form>
    );
  }

  return (
    <Modal
      open={open}
      title={t(TITLE_KEYS[mode])}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud.save')}
      cancelText={t(viewing ? 'crud.close' : 'crud.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !ready || (needsDetail && detail.isError) }}
      footer={viewing ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden', paddingRight: 4 } }}
    >
      {body}
    </Modal>
  );
}
