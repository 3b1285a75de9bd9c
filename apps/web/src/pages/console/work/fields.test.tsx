import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../lib/i18n';
import { candidateGroupsField, type FlowTaskRow, taskNameField } from './fields';
import { InstanceFacts } from './process/ProcessInfo';

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

  it('shows candidate groups by role name, never the alias', async () => {
    const named = cell(candidateGroupsField, row({}));
    expect(named.container.textContent).toBe('部门经理');
    named.unmount();
    // The tenant lacks the role: the server leaves the alias; the cell names the seed's role or an unknown one.
    const lacking = cell(
      candidateGroupsField,
      row({ candidateGroups: 'user,process', candidateGroupNames: '普通用户,process' }),
    );
    expect(lacking.container.textContent).toBe('普通用户、流程专员');
    lacking.unmount();
    const gone = cell(
      candidateGroupsField,
      row({ candidateGroups: 'legal_team', candidateGroupNames: 'legal_team' }),
    );
    expect(gone.container.textContent).toBe('未知角色（已删除）');
    gone.unmount();
    const bare = cell(candidateGroupsField, row({ candidateGroupNames: '' }));
    expect(bare.container.textContent).toBe('部门经理');
    expect(bare.container.textContent).not.toMatch(/[A-Za-z]/);
    expect(screen.queryByTestId('returned-tag')).toBeNull();
    bare.unmount();
    await switchLanguage('en');
    try {
      const english = cell(
        candidateGroupsField,
        row({ candidateGroups: 'manager,legal_team', candidateGroupNames: 'manager,legal_team' }),
      );
      expect(english.container.textContent).toBe('Department manager, Unknown role (deleted)');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('names a waiting task’s candidate groups in the process facts, never by alias', () => {
    render(
      <InstanceFacts
        instance={
          {
            processDefinitionName: '专利申请',
            processDefinitionVersion: 1,
            status: 'running',
            tasks: [
              {
                taskName: '登记受理',
                assigneeName: '',
                candidateGroups: 'user,ghost',
                candidateGroupNames: 'user,ghost',
              },
            ],
          } as never
        }
      />,
    );
    expect(screen.getByText('候选组：普通用户、未知角色（已删除）')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/ghost|\buser\b/);
  });
});
