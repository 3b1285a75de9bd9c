import { type LogApiStats, logApiEntity } from '@cube/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityFields } from '../../../../components/crud';
import { usePermissionStore } from '../../../../stores/permission';
import { useSessionStore } from '../../../../stores/session';
import {
  button,
  buttons,
  crudUser,
  fakePagedResource,
  renderWithProviders,
  rowOf,
} from '../../../../test/crudPage';
import { installDomStubs } from '../../../../test/domStubs';
import { LogScreen } from './LogScreen';

installDomStubs();

const ROWS = [
  {
    id: '11',
    name: 'a',
    title: '参数管理-列表',
    method: 'GET',
    requestUri: '/api/cube-system/param/list',
    status: 200,
    params: '{"current":"1"}',
  },
  {
    id: '12',
    name: 'b',
    title: '用户管理-修改密码',
    method: 'POST',
    requestUri: '/api/cube-user/update-password',
    status: 400,
    params: '{"oldPassword":"[REDACTED]"}',
  },
];

const fields = entityFields(logApiEntity, [
  { name: 'title', search: true },
  { name: 'requestUri' },
  { name: 'status', type: 'number' },
]);

const STATS: LogApiStats = {
  perHour: [
    { label: '09:00', value: 3 },
    { label: '10:00', value: 5 },
  ],
  slowest: [{ label: '用户管理-修改密码', value: 42 }],
  byStatus: [
    { label: '2xx', value: 7 },
    { label: '4xx', value: 1 },
    { label: '5xx', value: 0 },
  ],
};

function renderScreen() {
  const { api } = fakePagedResource(ROWS);
  const detail = vi.fn(async (id: string) => ROWS.find((row) => row.id === id) as (typeof ROWS)[number]);
  const stats = vi.fn(async () => STATS);
  renderWithProviders(
    <LogScreen
      entity={logApiEntity}
      api={{ ...api, detail }}
      fields={fields}
      stats={stats}
      charts={[
        { key: 'perHour', title: 'screens.logApi.perHour', valueLabel: 'screens.logApi.count' },
        {
          key: 'slowest',
          title: 'screens.logApi.slowest',
          valueLabel: 'screens.logApi.avgMs',
          layout: 'rows',
        },
      ]}
      detail={[{ name: 'title' }, { name: 'requestUri' }, { name: 'params', pre: true }]}
    />,
  );
  return { api, detail, stats };
}

describe('LogScreen', { timeout: 30_000 }, () => {
  afterEach(() => {
    usePermissionStore.setState({ permission: {}, loaded: false });
    useSessionStore.setState({ userInfo: undefined });
  });

  it('shows the charts, a read-only list and the detail drawer for holders of the view code', async () => {
    usePermissionStore.setState({ permission: { log_api: true, log_api_view: true }, loaded: true });
    const { detail, stats } = renderScreen();
    await screen.findByText('/api/cube-user/update-password');
    expect(stats).toHaveBeenCalledWith(undefined);
    expect((await screen.findAllByText('近 24 小时每小时请求数')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('用户管理-修改密码')).length).toBeGreaterThan(1);
    // Read-only: no add, delete or edit.
    expect(buttons('新增')).toHaveLength(0);
    expect(buttons('批量删除')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(0);
    // No tenant picker for a tenant's user.
    expect(screen.queryByLabelText('租户编号')).toBeNull();

    const user = crudUser();
    await user.click(button('详情', rowOf('/api/cube-user/update-password')));
    expect(detail).toHaveBeenCalledWith('12');
    await screen.findByText('日志详情');
    expect(await screen.findByText('{"oldPassword":"[REDACTED]"}')).toBeTruthy();
  });

  it('hides the detail without the view code, and lets the platform administrator name a tenant', async () => {
    usePermissionStore.setState({ permission: { log_api: true }, loaded: true });
    useSessionStore.setState({ userInfo: { tenant_id: '000000' } as never });
    const { api, stats } = renderScreen();
    await screen.findByText('/api/cube-user/update-password');
    expect(buttons('详情')).toHaveLength(0);

    const user = crudUser();
    const picker = screen.getByLabelText('租户编号');
    await user.type(picker, '100000{Enter}');
    await waitFor(() => expect(stats).toHaveBeenCalledWith('100000'));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ tenantId: '100000' })),
    );
  });
});
