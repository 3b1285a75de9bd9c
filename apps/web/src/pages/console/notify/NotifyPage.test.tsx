import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as notificationApi from '../../../api/notification';
import { UiProviders } from '../../../app/UiProviders';
import { usePermissionStore } from '../../../stores/permission';
import { installDomStubs } from '../../../test/domStubs';
import NotifyPage from './NotifyPage';

installDomStubs();

/**
 * 消息中心's mail settings: only with the 邮件设置 button; the dialog loads the stored settings, shows the password
 * as set without its value, checks with the contract's messages, sends the password only when typed; the test
 * dialog checks the address and sends to the caller's own when it is empty.
 */
describe('消息中心 mail settings', { timeout: 180_000 }, () => {
  let saved: unknown[];
  let tested: string[];
  beforeEach(() => {
    saved = [];
    tested = [];
    vi.spyOn(notificationApi, 'fetchNotifications').mockResolvedValue({
      records: [],
      total: 0,
      size: 10,
      current: 1,
      pages: 0,
    });
    vi.spyOn(notificationApi, 'fetchUnreadCount').mockResolvedValue(0);
    vi.spyOn(notificationApi, 'fetchSmtpSettings').mockResolvedValue({
      enabled: true,
      host: 'smtp.lifang-ip.cn',
      port: 465,
      secure: true,
      username: 'mailer',
      fromAddress: 'noreply@lifang-ip.cn',
      passwordSet: true,
    });
    vi.spyOn(notificationApi, 'saveSmtpSettings').mockImplementation(async (settings) => {
      saved.push(settings);
    });
    vi.spyOn(notificationApi, 'sendSmtpTest').mockImplementation(async (to) => {
      tested.push(to);
      return to || 'zhang.mingyuan@lifang-ip.cn';
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <MemoryRouter>
            <NotifyPage />
          </MemoryRouter>
        </UiProviders>
      </QueryClientProvider>,
    );
  // fireEvent, not userEvent's keystrokes: the dialogs are what is tested, not typing (and the machine is shared).
  const u = {
    click: async (element: HTMLElement) => {
      fireEvent.click(element);
    },
    clear: async (element: HTMLElement) => {
      fireEvent.change(element, { target: { value: '' } });
    },
    type: async (element: HTMLElement, text: string) => {
      fireEvent.change(element, { target: { value: `${(element as HTMLInputElement).value}${text}` } });
    },
  };
  const dialog = () => screen.getByRole('dialog');
  const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

  it('shows no mail action without the 邮件设置 button', async () => {
    usePermissionStore.setState({ permission: {}, loaded: true });
    renderPage();
    await screen.findByText('全部已读');
    expect(screen.queryByRole('button', { name: /邮件设置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /发送测试邮件/ })).toBeNull();
  });

  it('edits the settings with the contract’s checks and sends the password only when typed', async () => {
    usePermissionStore.setState({ permission: { notify_smtp: true }, loaded: true });
    renderPage();
    await u.click(await screen.findByRole('button', { name: /邮件设置/ }));
    const host = await within(dialog()).findByLabelText('SMTP服务器');
    await waitFor(() => expect(inputValue(host)).toBe('smtp.lifang-ip.cn'));
    // The stored password is never shown: only that one is set.
    expect(within(dialog()).getByTestId('smtp-password-state').textContent).toBe('已设置，留空则保持不变');
    expect(inputValue(within(dialog()).getByLabelText('密码'))).toBe('');

    // Enabled without a server, a bad port and a bad sender: the contract's messages, nothing saved.
    await u.clear(host);
    const port = within(dialog()).getByLabelText('端口');
    await u.clear(port);
    await u.type(port, '70000');
    const from = within(dialog()).getByLabelText('发件人地址');
    await u.clear(from);
    await u.type(from, 'noreply');
    await u.click(within(dialog()).getByRole('button', { name: /确\s*定|OK/ }));
    await within(dialog()).findByText('请输入SMTP服务器');
    await within(dialog()).findByText('端口应为1-65535之间的整数');
    await within(dialog()).findByText('发件人地址格式不正确');
    expect(saved).toEqual([]);

    await u.type(host, 'smtp.exmail.qq.com');
    await u.clear(port);
    await u.type(port, '587');
    await u.clear(from);
    await u.type(from, 'notice@lifang-ip.cn');
    await u.click(within(dialog()).getByLabelText('SSL/TLS'));
    await u.click(within(dialog()).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      enabled: true,
      host: 'smtp.exmail.qq.com',
      port: 587,
      secure: false,
      username: 'mailer',
      password: '',
      fromAddress: 'notice@lifang-ip.cn',
    });
    await screen.findByText('邮件设置已保存');

    // Opened again, a typed password goes with the save.
    await u.click(screen.getByRole('button', { name: /邮件设置/ }));
    const password = await within(dialog()).findByLabelText('密码');
    await u.type(password, 'n3w-secret');
    await waitFor(() =>
      expect(within(dialog()).getByTestId('smtp-password-state').textContent).toBe('保存后改用新密码'),
    );
    await u.click(within(dialog()).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ password: 'n3w-secret' });
  });

  it('sends a test mail to a checked address, or to the caller’s own', async () => {
    usePermissionStore.setState({ permission: { notify_smtp: true }, loaded: true });
    renderPage();
    await u.click(await screen.findByRole('button', { name: /发送测试邮件/ }));
    const to = await within(dialog()).findByLabelText('收件地址');
    await u.type(to, 'not-an-address');
    await u.click(within(dialog()).getByRole('button', { name: /发\s*送/ }));
    await within(dialog()).findByText('收件地址格式不正确');
    expect(tested).toEqual([]);
    await u.clear(to);
    await u.click(within(dialog()).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(tested).toEqual(['']));
    await screen.findByText('测试邮件已发送至 zhang.mingyuan@lifang-ip.cn');
  });
});
