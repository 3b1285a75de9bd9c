import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dictionaryApi from '../../../../api/dictionary';
import * as leadModule from '../../../../api/lead';
import { type Lead, leadApi } from '../../../../api/lead';
import { UiProviders } from '../../../../app/UiProviders';
import { usePermissionStore } from '../../../../stores/permission';
import { installDomStubs } from '../../../../test/domStubs';
import { auditFields } from '../../../../test/records';
import LeadPage from './LeadPage';

installDomStubs();

const lead = (id: string, name: string, consent: { privacyConsent: number; consentTime: string }): Lead => ({
  id,
  tenantId: '100000',
  name,
  phone: '13912345678',
  company: '某某科技有限公司',
  service: '专利申请',
  message: '咨询内容',
  leadStatus: 1,
  assigneeId: '',
  assigneeName: '',
  notes: '',
  sourceIp: '10.0.0.1',
  ...consent,
  ...auditFields('2026-05-06 07:08:09'),
});

const fromSite = lead('4001', '网站访客', { privacyConsent: 1, consentTime: '2026-05-06 07:08:09' });
const byPhone = lead('4002', '电话客户', { privacyConsent: 0, consentTime: '' });

describe('customer leads', { timeout: 30_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({ permission: { lead_view: true }, loaded: true });
    vi.spyOn(dictionaryApi, 'loadDictionary').mockResolvedValue([]);
    vi.spyOn(leadModule, 'findUsers').mockResolvedValue([]);
    vi.spyOn(leadApi, 'list').mockResolvedValue({
      records: [fromSite, byPhone],
      total: 2,
      size: 10,
      current: 1,
      pages: 1,
    });
    vi.spyOn(leadApi, 'detail').mockImplementation(async (id) => (id === '4001' ? fromSite : byPhone));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  it('shows in the detail whether the visitor agreed to the privacy notice, and when', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <LeadPage />
        </UiProviders>
      </QueryClientProvider>,
    );
    const open = async (name: string) => {
      const row = (await screen.findByText(name)).closest('tr')!;
      const view = Array.from(row.querySelectorAll('button')).find((b) => b.textContent?.includes('查看'))!;
      await user.click(view);
      await waitFor(() => expect(document.querySelector('.ant-modal')?.textContent).toContain(name));
      return document.querySelector('.ant-modal') as HTMLElement;
    };
    const dialog = await open('网站访客');
    await waitFor(() => expect(dialog.textContent).toContain('访客已同意'));
    expect(dialog.textContent).toContain('隐私政策');
    expect(dialog.textContent).toContain('同意时间');
    expect(dialog.textContent).toContain('2026-05-06 07:08:09');
  });

  it('shows a lead entered in the console as having no consent', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <LeadPage />
        </UiProviders>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('电话客户')).closest('tr')!;
    const view = Array.from(row.querySelectorAll('button')).find((b) => b.textContent?.includes('查看'))!;
    await user.click(view);
    await waitFor(() =>
      expect(document.querySelector('.ant-modal')?.textContent).toContain('无（后台录入）'),
    );
  });
});
