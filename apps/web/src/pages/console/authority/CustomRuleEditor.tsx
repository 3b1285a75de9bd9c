import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_SCOPE_OPERATORS, DATA_SCOPE_VARIABLES } from '@cube/contract';
import { AutoComplete, Button, Input, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudControlProps } from '../../../components/crud/types';

interface Condition {
  column: string;
  operator: string;
  value: string;
}

const NO_VALUE = new Set(['isNull', 'notNull']);

function parse(value: unknown): Condition[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const parsed = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((c) => ({
      column: String(c?.column ?? ''),
      operator: String(c?.operator ?? 'eq'),
      value: c?.value === undefined || c?.value === null ? '' : String(c.value),
    }));
  } catch {
    return [];
  }
}

/**
 * The custom data-scope rule (type 5) as structured parts: one row per condition — a field of the page's entity,
 * an operator from the fixed list, and a value or a variable of the signed-in user. The rows are stored as the JSON
 * list the server compiles into bound expressions; no SQL is ever typed here.
 */
export function CustomRuleEditor({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => parse(value), [value]);
  const emit = (next: Condition[]) =>
    onChange?.(
      next.length
        ? JSON.stringify(next.map((c) => (NO_VALUE.has(c.operator) ? { ...c, value: '' } : c)))
        : '',
    );
  const update = (index: number, patch: Partial<Condition>) =>
    emit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const variables = DATA_SCOPE_VARIABLES.map((name) => ({
    value: `\${${name}}`,
    label: `\${${name}} ${t(`screens.dataScope.var_${name}` as never)}`,
  }));
  return (
    <Space id={id} direction="vertical" style={{ width: '100%' }}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            aria-label={t('screens.dataScope.ruleColumn')}
            placeholder={t('screens.dataScope.ruleColumn')}
            value={row.column}
            disabled={disabled}
            style={{ width: '30%' }}
            onChange={(event) => update(index, { column: event.target.value })}
          />
          <Select
            aria-label={t('screens.dataScope.ruleOperator')}
            value={row.operator}
            disabled={disabled}
            style={{ width: '22%' }}
            onChange={(operator) => update(index, { operator })}
            options={DATA_SCOPE_OPERATORS.map((op) => ({
              value: op,
              label: t(`screens.dataScope.op_${op}` as never),
            }))}
          />
          <AutoComplete
            aria-label={t('screens.dataScope.ruleValue')}
            placeholder={t('screens.dataScope.ruleValue')}
            value={row.value}
            disabled={disabled || NO_VALUE.has(row.operator)}
            style={{ width: '40%' }}
            options={variables}
            onChange={(next) => update(index, { value: String(next ?? '') })}
          />
          <Button
            aria-label={t('screens.dataScope.ruleRemove')}
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => emit(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      {!disabled && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => emit([...rows, { column: '', operator: 'eq', value: '' }])}
        >
          {t('screens.dataScope.ruleAdd')}
        </Button>
      )}
      {rows.length === 0 && disabled && <Typography.Text type="secondary">—</Typography.Text>}
    </Space>
  );
}
