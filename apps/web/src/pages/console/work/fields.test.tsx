import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { candidateGroupsField, type FlowTaskRow, taskNameField } from './fields';

const row = (overrides: Partial<FlowTaskRow>) =>
  ({
    taskName: '修改技术交底书',
    candidateGroups: 'manager',
    candidateGroupNames: '部门经理',
    returned: false,
    ...overrides,
  }) as FlowTaskRow;
const cell = (field: typeof taskNameField, record: FlowTaskRow) =>
  render(
    <div>
      {field.table && typeof field.table === 'object' && field.table.render
        ? (field.table.render(record[field.name as keyof FlowTaskRow], record as never) as ReactNode)
        : null}
    </div>,
  );

describe('我的事务 list columns', () => {
  it('marks a returned task with 已退回 and leaves others plain', () => {
    cell(taskNameField, row({ returned: true }));
    expect(screen.getByTestId('returned-tag').textContent).toBe('已退回');
    expect(screen.getByText('修改技术交底书')).toBeTruthy();
  });

  it('shows candidate groups by role name, falling back to the alias', () => {
    const named = cell(candidateGroupsField, row({}));
    expect(named.container.textContent).toBe('部门经理');
    const bare = cell(candidateGroupsField, row({ candidateGroupNames: '' }));
    expect(bare.container.textContent).toBe('manager');
    expect(screen.queryByTestId('returned-tag')).toBeNull();
  });
});
