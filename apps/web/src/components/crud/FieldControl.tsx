import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../dict/DictSelect';
import { TreePicker } from '../tree/TreePicker';
import { UploadField } from '../upload/UploadField';
import type { CrudField } from './types';
import { fieldType } from './values';

interface FieldControlProps {
  field: CrudField;
  /** `search` shows ranges for dates and plain inputs for long text. */
  purpose: 'form' | 'search';
  disabled?: boolean;
  /** Injected by `Form.Item`. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The input of one declared field; `Form.Item` passes `value`, `onChange` and `id` through. */
export function FieldControl({ field, purpose, disabled, ...control }: FieldControlProps) {
  const { t } = useTranslation();
  const label = t(field.label);
  const inputPlaceholder = t('crud.inputPlaceholder', { label });
  const selectPlaceholder = t('crud.selectPlaceholder', { label });
  // biome-ignore lint/suspicious/noExplicitAny: each antd control types its own value; Form.Item owns it.
  const bind = { ...control, disabled } as any;

  if (field.control && purpose === 'form') {
    const Control = field.control;
    return <Control {...bind} />;
  }

  switch (fieldType(field)) {
    case 'textarea':
      return purpose === 'search' ? (
        <Input allowClear placeholder={inputPlaceholder} {...bind} />
      ) : (
        <Input.TextArea
          rows={field.rows ?? 4}
          maxLength={field.maxLength}
          showCount={field.maxLength !== undefined}
          placeholder={inputPlaceholder}
          {...bind}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          precision={field.precision}
          placeholder={inputPlaceholder}
          {...bind}
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          placeholder={selectPlaceholder}
          options={(field.options ?? []).map((option) => ({ label: t(option.label), value: option.value }))}
          {...bind}
        />
      );
    case 'dict':
      return (
        <DictSelect
          code={field.dict?.code ?? ''}
          source={field.dict?.source ?? 'system'}
          numeric={field.dict?.numeric ?? false}
          placeholder={selectPlaceholder}
          {...bind}
        />
      );
    case 'tree':
      return field.tree ? (
        <TreePicker
          queryKey={field.tree.queryKey}
          load={field.tree.load}
          multiple={purpose === 'form' && field.tree.multiple}
          fieldNames={field.tree.fieldNames}
          placeholder={selectPlaceholder}
          {...bind}
        />
      ) : null;
    case 'date':
    case 'datetime': {
      const showTime = fieldType(field) === 'datetime';
      if (purpose === 'search')
        return (
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            showTime={
              showTime
                ? { defaultValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] }
                : false
            }
            placeholder={[t('crud.startTime'), t('crud.endTime')]}
            {...bind}
          />
        );
      return (
        <DatePicker style={{ width: '100%' }} showTime={showTime} placeholder={selectPlaceholder} {...bind} />
      );
    }
    case 'switch': {
      const [on, off] = field.switchValues ?? [1, 0];
      if (purpose === 'search')
        return (
          <Select
            allowClear
            placeholder={selectPlaceholder}
            options={[
              { label: t('crud.yes'), value: on },
              { label: t('crud.no'), value: off },
            ]}
            {...bind}
          />
        );
      return (
        <Switch
          id={control.id}
          disabled={disabled}
          checked={control.value === on}
          onChange={(checked) => control.onChange?.(checked ? on : off)}
          checkedChildren={t('crud.yes')}
          unCheckedChildren={t('crud.no')}
        />
      );
    }
    case 'upload':
      return (
        <UploadField
          accept={field.upload?.accept}
          maxKb={field.upload?.maxKb}
          maxCount={field.upload?.maxCount}
          listType={field.upload?.listType}
          {...bind}
        />
      );
    default:
      return <Input allowClear placeholder={inputPlaceholder} maxLength={field.maxLength} {...bind} />;
  }
}
