import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as selfCheckApi from '../../../api/selfCheck';
import { UiProviders } from '../../../app/UiProviders';
import SelfCheckPage from './SelfCheckPage';

const SENT = Date.UTC(2026, 2, 1, 8, 0, 0);
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function answer(offsetMs: number, database: 'UP' | 'DOWN' = 'UP'): selfCheckApi.TimedSelfCheck {
  return {
    sentAt: SENT,
    receivedAt: SENT,
    result: {
      api: 'UP',
      database: { kind: 'sqlite', status: database, latencyMs: 0.4 },
      store: { kind: 'memory', status: 'UP', latencyMs: 0 },
      tenantIsolation: 'application',
      version: '0.1.0',
      serverTime: dayjs(SENT + offsetMs).format('YYYY-MM-DD HH:mm:ss'),
      timeZone: zone,
      nodeVersion: 'v22.1.0',
      uptimeSeconds: 90_061,
    },
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UiProviders>
        <SelfCheckPage />
      </UiProviders>
    </QueryClientProvider>,
  );
}

describe('self-check page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the health of each part and the clock skew', async () => {
    vi.spyOn(selfCheckApi, 'fetchSelfCheck').mockResolvedValue(answer(10_000));
    renderPage();
    expect(await screen.findByText('所有检查项正常')).toBeTruthy();
    expect(screen.getByText('SQLite')).toBeTruthy();
    expect(screen.getByText('内存')).toBeTruthy();
    expect(screen.getByText('延迟 0.4 ms')).toBeTruthy();
    expect(screen.getByText('应用层校验（SQLite 不支持行级安全）')).toBeTruthy();
    expect(screen.getByText('1 天 1 小时 1 分')).toBeTruthy();
    expect(screen.getByText('服务器时间比浏览器快 10.5 秒')).toBeTruthy();
  });

  it('warns about a large skew and a failed part, and checks again on demand', async () => {
    const check = vi
      .spyOn(selfCheckApi, 'fetchSelfCheck')
      .mockResolvedValueOnce(answer(-120_000, 'DOWN'))
      .mockResolvedValueOnce(answer(0));
    renderPage();
    expect(await screen.findByText('部分检查项异常，请联系系统管理员处理')).toBeTruthy();
    expect(screen.getByText(/服务器时间比浏览器慢 119\.5 秒/)).toBeTruthy();
    expect(screen.getByText(/时钟偏差过大/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /重新检查/ }));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('时钟一致（偏差小于 1 秒）')).toBeTruthy();
  });

  it('says why the check failed', async () => {
    vi.spyOn(selfCheckApi, 'fetchSelfCheck').mockRejectedValue(new Error('网络异常，请检查网络连接后重试'));
    renderPage();
    expect(await screen.findByText('自检失败：网络异常，请检查网络连接后重试')).toBeTruthy();
  });
});
