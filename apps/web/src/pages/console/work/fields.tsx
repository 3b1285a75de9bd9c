import { FLOW_DICT_CODE, FLOW_OUTCOMES } from '@cube/contract';
import { Tag } from 'antd';
import type { FlowInstanceRow, FlowTaskRow } from '../../../api/flow-work';
import type { CrudField, MessageKey } from '../../../components/crud';
import { candidateGroupsLabel } from '../../../lib/codeLabels';
import { i18n } from '../../../lib/i18n';

/**
 * The columns and filters the 我的事务 lists share (the workflow columns plus the business title and the
 * deadline). Filters: the category from the `flow` dictionary, the process name (or business title) and a
 * create-time range, which api/flow-work.ts puts in the endpoints' words.
 */
const label = (key: string) => `screens.work.${key}` as MessageKey;
const dash = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

export const categoryField: CrudField = {
  name: 'category',
  label: label('category'),
  type: 'dict',
  dict: { code: FLOW_DICT_CODE, source: 'biz' },
  search: true,
  table: { width: 170, render: (value, record) => dash(record.categoryName || value) },
};

export const titleField: CrudField = {
  name: 'title',
  label: label('title'),
  table: { width: 240, ellipsis: true },
};

/** The process name column; it also searches the business title (`processDefinitionName` contains). */
export const processNameField: CrudField = {
  name: 'processDefinitionName',
  label: label('processDefinitionName'),
  search: true,
  table: { width: 180, ellipsis: true },
};

/** The step's name, tagged 已退回 when it is open again because the next step sent it back. */
export const taskNameField: CrudField = {
  name: 'taskName',
  label: label('taskName'),
  table: {
    width: 180,
    ellipsis: true,
    render: (value, record) => (
      <>
        {dash(value)}
        {(record as FlowTaskRow).returned ? (
          <Tag color="warning" style={{ marginInlineStart: 6 }} data-testid="returned-tag">
            {i18n.t('screens.work.returned')}
          </Tag>
        ) : null}
      </>
    ),
  },
};

/** Who may take the task, by the tenant's role names (部门经理), never the role aliases. */
export const candidateGroupsField: CrudField = {
  name: 'candidateGroups',
  label: label('candidateGroups'),
  table: {
    width: 140,
    ellipsis: true,
    render: (value, record) => dash(candidateGroupsLabel(value, (record as FlowTaskRow).candidateGroupNames)),
  },
};

export const starterField: CrudField = {
  name: 'starterName',
  label: label('starterName'),
  table: { width: 100 },
};

/** A time column; `search` makes it the list's date range. */
export function timeField(name: string, search = false): CrudField {
  return { name, label: label(name), type: 'datetime', search, table: { width: 170 } };
}

export function textField(name: string, width = 140): CrudField {
  return { name, label: label(name), table: { width, ellipsis: true } };
}

/** 已完结 / 未完结 of the instance a row belongs to. */
export const progressField: CrudField = {
  name: 'processIsFinished',
  label: label('progress'),
  table: {
    width: 90,
    render: (value) =>
      value === 'finished' ? (
        <Tag color="success">{i18n.t('screens.work.finished')}</Tag>
      ) : (
        <Tag color="processing">{i18n.t('screens.work.unfinished')}</Tag>
      ),
  },
};

/** What a finished task decided. */
export const outcomeField: CrudField = {
  name: 'outcome',
  label: label('outcome'),
  table: {
    width: 100,
    render: (value) => {
      const outcome = FLOW_OUTCOMES.find((item) => item === value);
      if (!outcome) return dash(value);
      const color = outcome === 'approve' ? 'success' : outcome === 'return' ? 'warning' : 'error';
      return <Tag color={color}>{i18n.t(`screens.work.outcomes.${outcome}`)}</Tag>;
    },
  },
};

export type { FlowInstanceRow, FlowTaskRow };
