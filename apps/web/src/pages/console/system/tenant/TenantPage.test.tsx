import type { Tenant } from '@cube/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { datasourceApi } from '../../../../api/datasource';
import { tenantApi, tenantPackageApi } from '../../../../api/tenant';
import { UiProviders } from '../../../../app/UiProviders';
import { usePermissionStore } from '../../../../stores/permission';
import { installDomStubs } from '../../../../test/domStubs';
import { auditFields } from '../../../../test/records';
import TenantPage from './TenantPage';

installDomStubs();

const tenant = (id: string, tenantId: string, tenantName: string, extra: Partial<Tenant> = {}): Tenant => ({
  id,
  tenantId,
  tenantName,
  domain: '',
  backgroundUrl: '',
  linkman: '联系人',
  contactNumber: '010-1234567',
  address: '',
  accountNumber: -1,
  expireTime: '',
  packageId: '',
  packageName: '',
  datasourceId: '',
  datasourceName: '',
  ...auditFields(),
  ...extra,
});

const rows = [
  tenant('1', '000000', '管理组'),
  tenant('2', '200000', '华数云智信息技术有限公司', {
    packageId: '9',
    packageName: '标准版',
    accountNumber: 50,
    expireTime: '2099-12-31 23:59:59',
  }),
  tenant('3', '300000', '测试公司', { datasourceId: '77', datasourceName: '华东业务库' }),
];

const buttonIn = (row: Element, text: string) =>
  Array.from(row.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s+/g, '').includes(text));

describe('tenant administration', { timeout: 60_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({
      permission: {
        tenant_add: true,
        tenant_edit: true,
        tenant_delete: true,
        tenant_view: true,
        tenant_setting: true,
        tenant_package_setting: true,
        tenant_datasource: true,
      },
      loaded: true,
    });
    vi.spyOn(tenantApi, 'list').mockResolvedValue({
      records: rows,
      total: 3,
      size: 10,
      current: 1,
      pages: 1,
    });
    vi.spyOn(tenantPackageApi, 'options').mockResolvedValue([
      { id: '9', key: '9', value: '9', title: '标准版' },
    ]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <TenantPage />
        </UiProviders>
      </QueryClientProvider>,
    );

  it('shows package, quota and expiry, and offers 产品包配置 on every tenant but the platform', async () => {
    renderPage();
    const licensed = (await screen.findByText('华数云智信息技术有限公司')).closest('tr')!;
    expect(licensed.textContent).toContain('标准版');
    expect(licensed.textContent).toContain('50');
    expect(licensed.textContent).toContain('2099-12-31 23:59:59');
    const open = screen.getByText('测试公司').closest('tr')!;
    expect(open.textContent).toContain('不限制');
    expect(open.textContent).toContain('永不过期');
    expect(buttonIn(open, '产品包配置')).toBeTruthy();
    expect(buttonIn(screen.getByText('管理组').closest('tr')!, '产品包配置')).toBeUndefined();
  });

  it('sets quota and expiry of every checked tenant in one call', async () => {
    const setting = vi.spyOn(tenantApi, 'setting').mockResolvedValue({});
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage();
    for (const name of ['华数云智信息技术有限公司', '测试公司']) {
      const row = (await screen.findByText(name)).closest('tr')!;
      await user.click(row.querySelector('input[type="checkbox"]')!);
    }
    await user.click(buttonIn(document.body, '授权配置')!);
    const dialog = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-modal')).find((m) =>
        m.textContent?.includes('设置以下租户'),
      );
      if (!found) throw new Error('no dialog');
      return found;
    });
    const quota = dialog.querySelector('input.ant-input-number-input') as HTMLInputElement;
    await user.clear(quota);
    await user.type(quota, '20');
    await user.click(buttonIn(dialog, '确定')!);
    await waitFor(() => expect(setting).toHaveBeenCalledWith(['2', '3'], 20, ''));
  });

  it('shows where each tenant is served from and binds one to another datasource with 数据源配置', async () => {
    vi.spyOn(datasourceApi, 'options').mockResolvedValue([
      { id: '77', name: '华东业务库' },
      { id: '78', name: '华南业务库' },
    ]);
    const bind = vi.spyOn(tenantApi, 'datasource').mockResolvedValue({});
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage();
    const bound = (await screen.findByText('测试公司')).closest('tr')!;
    expect(bound.textContent).toContain('华东业务库');
    expect(screen.getByText('华数云智信息技术有限公司').closest('tr')!.textContent).toContain('主库');
    expect(buttonIn(screen.getByText('管理组').closest('tr')!, '数据源配置')).toBeUndefined();

    await user.click(buttonIn(bound, '数据源配置')!);
    const dialog = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-modal')).find((m) =>
        m.textContent?.includes('切换时会迁移该租户的数据'),
      );
      if (!found) throw new Error('no dialog');
      return found;
    });
    // antd opens a select on mouse down; its options carry their label as the title.
    fireEvent.mouseDown(within(dialog as HTMLElement).getByRole('combobox'));
    await user.click(await screen.findByTitle('华南业务库'));
    await user.click(buttonIn(dialog, '确定')!);
    await waitFor(() => expect(bind).toHaveBeenCalledWith('3', '78'));
  });
});
