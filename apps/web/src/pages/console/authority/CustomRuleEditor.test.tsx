import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { crudUser, renderWithProviders } from '../../../test/crudPage';
import { installDomStubs } from '../../../test/domStubs';
import { CustomRuleEditor } from './CustomRuleEditor';

installDomStubs();

function Harness({ initial, onValue }: { initial: string; onValue: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <CustomRuleEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('the custom data-scope rule editor', { timeout: 30_000 }, () => {
  it('shows a stored rule as rows of field, operator and value', async () => {
    renderWithProviders(
      <Harness initial='[{"column":"category","operator":"in","value":"1,2"}]' onValue={() => {}} />,
    );
    expect(screen.getByLabelText('字段')).toHaveProperty('value', 'category');
    expect(screen.getByText('属于（逗号分隔）')).toBeTruthy();
    expect(screen.getByLabelText('值或变量')).toHaveProperty('value', '1,2');
  });

  it('emits the structured JSON list as conditions are added, filled and removed', async () => {
    const user = crudUser();
    const onValue = vi.fn();
    renderWithProviders(<Harness initial="" onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: /添加条件/ }));
    expect(JSON.parse(onValue.mock.lastCall?.[0] as string)).toEqual([
      { column: '', operator: 'eq', value: '' },
    ]);
    await user.type(screen.getByLabelText('字段'), 'createUser');
    await user.type(screen.getByLabelText('值或变量'), '${{userId}');
    expect(JSON.parse(onValue.mock.lastCall?.[0] as string)).toEqual([
      { column: 'createUser', operator: 'eq', value: '${userId}' },
    ]);
    await user.click(screen.getByRole('button', { name: '删除条件' }));
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});
