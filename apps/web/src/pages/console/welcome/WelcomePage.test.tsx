import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../../api/auth';
import * as dashboardApi from '../../../api/dashboard';
import * as lookupApi from '../../../api/lookup';
import { UiProviders } from '../../../app/UiProviders';
import { useMenuStore } from '../../../stores/menu';
import { useSessionStore } from '../../../stores/session';
import { loginResultFixture } from '../../../test/fixtures';
import DashboardPage from '../dashboard/DashboardPage';
import WelcomePage from './WelcomePage';

const overview: dashboardApi.DashboardOverview = {
  tenantId: '100000',
  tenantName: '示例科技',
  userCount: 12,
  deptCount: 4,
  roleCount: 3,
  noticeCount: 7,
  activeSessions: 2,
  loginsByDay: [
    { date: '2026-03-01', count: 3 },
    { date: '2026-03-02', count: 5 },
  ],
  usersByDept: [
    { deptName: '研发部', count: 8 },
    { deptName: '市场部', count: 4 },
  ],
  recentNotices: [{ id: '1', title: '春节放假通知', releaseTime: '2026-01-20 09:00:00' }],
};

function renderPage(page: 'welcome' | 'dashboard' = 'welcome') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UiProviders>
        <MemoryRouter>{page === 'welcome' ? <WelcomePage /> : <DashboardPage />}</MemoryRouter>
      </UiProviders>
    </QueryClientProvider>,
  );
}

describe('console home', () => {
  beforeEach(() => {
    useSessionStore.setState({ token: 'access-1', userInfo: loginResultFixture() });
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles: ['administrator'] });
    vi.spyOn(lookupApi, 'fetchDeptOptions').mockResolvedValue([
      { id: '1123598813738675201', deptName: '研发部' },
    ]);
    vi.spyOn(lookupApi, 'fetchRoleOptions').mockResolvedValue([
      { id: '1123598816738675201', roleName: '超级管理员' },
    ]);
    useMenuStore.setState({
      menuAll: [
        {
          id: '1',
          parentId: '0',
          code: 'system',
          name: '系统管理',
          path: '/system',
          children: [{ id: '2', parentId: '1', code: 'param', name: '参数管理', path: '/system/param' }],
        },
      ],
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    useMenuStore.setState({ menuAll: [] });
  });

  it('shows who is signed in, quick links and the live figures', async () => {
    vi.spyOn(dashboardApi, 'fetchDashboardOverview').mockResolvedValue(overview);
    renderPage();
    expect(await screen.findByText('您好，管理员')).toBeTruthy();
    expect(await screen.findByText('示例科技（100000）')).toBeTruthy();
    expect(await screen.findByText('超级管理员')).toBeTruthy();
    expect(screen.getAllByText('研发部').length).toBeGreaterThan(0);

    expect(screen.getByRole('link', { name: /个人信息/ }).getAttribute('href')).toBe('/info/index');
    expect(screen.getByRole('link', { name: /参数管理/ }).getAttribute('href')).toBe('/system/param/index');

    expect(screen.getByText('用户总数')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '近 7 日登录次数' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '各部门用户数' })).toBeTruthy();
    expect(screen.getByText('春节放假通知')).toBeTruthy();
  });

  it('keeps the identity when the figures cannot be loaded, and offers a retry', async () => {
    vi.spyOn(dashboardApi, 'fetchDashboardOverview').mockRejectedValue(new Error('服务暂不可用'));
    renderPage();
    expect(await screen.findByText('统计数据加载失败')).toBeTruthy();
    expect(screen.getByText('您好，管理员')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });

  it('/wel/dashboard shows the same overview in a fuller layout', async () => {
    vi.spyOn(dashboardApi, 'fetchDashboardOverview').mockResolvedValue(overview);
    renderPage('dashboard');
    expect(await screen.findByText('租户：示例科技（100000）')).toBeTruthy();
    expect(screen.getByText('在线会话')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '各部门用户数' })).toBeTruthy();
  });
});
