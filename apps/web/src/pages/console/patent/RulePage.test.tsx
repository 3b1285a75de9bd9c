import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../api/request';
import { usePermissionStore } from '../../../stores/permission';
import { button, crudUser, dialog, renderWithProviders, rowOf } from '../../../test/crudPage';
import { installDomStubs } from '../../../test/domStubs';
import RulePage from './RulePage';

installDomStubs();

const rule = {
  id: '1',
  tenantId: '100000',
  ruleCode: 'APP_FEE',
  kind: '缴纳申请费',
  noticeType: 'filing_receipt',
  patentTypes: 'invention,utility',
  anchor: 'filing_date',
  offsetMonths: 2,
  offsetDays: 0,
  internalWorkdays: 5,
  usesNoticePeriod: 0,
  feeType: '申请费',
  enabled: 1,
  signedOff: 1,
  note: '',
  createTime: '2026-11-24 09:00:00',
};
const ok = (data: unknown) => ({ data: { code: 200, success: true, msg: '操作成功', data } });

describe('the deadline-rule screen', { timeout: 60_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({
      permission: { patent_deadline_rule_edit: true, patent_deadline_rule_view: true },
      loaded: true,
    });
    vi.spyOn(request, 'get').mockImplementation(async (url: string) =>
      url.endsWith('/deadline-rule/list')
        ? ok({ records: [rule], total: 1, size: 10, current: 1, pages: 1 })
        : url.endsWith('/deadline-rule/detail')
          ? ok(rule)
          : ok([]),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists a rule by its name, its code only under it; the patent types by name', async () => {
    const user = crudUser();
    renderWithProviders(<RulePage />);
    await screen.findByText('缴纳申请费');
    const row = rowOf('缴纳申请费');
    // The name leads its cell; the code is the smaller secondary line, not a column of its own.
    const cell = screen.getByText('缴纳申请费').closest('td') as HTMLElement;
    expect(cell.firstElementChild?.textContent).toBe('缴纳申请费');
    expect(within(cell).getByText('APP_FEE').closest('.ant-typography-secondary')).toBeTruthy();
    const headers = Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);
    expect(headers).not.toContain('规则编号');
    expect(headers).toContain('期限事项');

    await user.click(button('编辑', row));
    const edit = await waitFor(() => {
      const found = dialog();
      if (!found) throw new Error('no dialog');
      return found;
    });
    const types = within(edit).getByLabelText('适用专利类型').closest('.ant-select') as HTMLElement;
    expect(await within(types).findByText('发明')).toBeTruthy();
    expect(within(types).getByText('实用新型')).toBeTruthy();
    expect(types.textContent).not.toMatch(/invention|utility/);
  });
});
