import { HOME_PATH, LOGIN_PATH } from '@cube/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../../api/auth';
import { useSessionStore } from '../../../stores/session';
import { loginResultFixture, siteInfoFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

function field(id: string): HTMLInputElement {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return input;
}

/**
 * Focuses the input and pastes the value: one change event, much faster than typing under jsdom. The input is
 * waited for: on a loaded machine a re-render can briefly show the route's loading fallback in its place.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, id: string, value: string): Promise<void> {
  await user.click(await waitFor(() => field(id), { timeout: 5000 }));
  await user.paste(value);
}

function submitButton(): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
}

async function renderLogin(info = siteInfoFixture()) {
  const view = renderApp(LOGIN_PATH, info);
  await screen.findByRole('heading', { name: '账号登录' });
  return view;
}

describe('login page', () => {
  beforeEach(() => {
    useSessionStore.setState({ token: undefined, userInfo: undefined, signedOut: false });
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles: ['administrator'] });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the Chinese validation messages and sends nothing', async () => {
    const login = vi.spyOn(authApi, 'loginByUsername');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderLogin();

    expect(field('tenantId').value).toBe('100000');
    expect(field('tenantId').name).toBe('tenantId');
    await user.clear(field('tenantId'));
    await user.click(submitButton());

    expect(await screen.findByText('请输入租户ID')).toBeTruthy();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(screen.queryByText('请输入验证码')).toBeNull();
    expect(login).not.toHaveBeenCalled();
  });

  it('hides the tenant field when the site address names the tenant or tenant mode is off', async () => {
    const { unmount } = await renderLogin(siteInfoFixture({ tenantId: '200000', tenantName: '示例租户' }));
    expect(document.getElementById('tenantId')).toBeNull();
    unmount();

    const base = siteInfoFixture();
    await renderLogin({ ...base, config: { ...base.config, tenantMode: false } });
    expect(document.getElementById('tenantId')).toBeNull();
  });

  it('signs in and opens the dashboard home', async () => {
    const login = vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = await renderLogin();

    await fill(user, 'username', ' admin ');
    await fill(user, 'password', 'admin');
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    expect(login).toHaveBeenCalledWith({
      tenantId: '100000',
      username: 'admin',
      password: 'admin',
      captcha: undefined,
    });
    expect(useSessionStore.getState().token).toBe('access-1');
  });

  it("logs in to the site's own tenant when the address names one", async () => {
    const login = vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderLogin(siteInfoFixture({ tenantId: '200000' }));

    await fill(user, 'username', 'admin');
    await fill(user, 'password', 'admin');
    await user.click(submitButton());

    await waitFor(() => expect(login).toHaveBeenCalled());
    expect(login.mock.calls[0]?.[0].tenantId).toBe('200000');
  });

  it('shows the server error_description and stays on the page', async () => {
    vi.spyOn(authApi, 'loginByUsername').mockRejectedValue(new authApi.LoginError('用户名或密码错误'));
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = await renderLogin();

    await fill(user, 'username', 'admin');
    await fill(user, 'password', 'wrong');
    await user.click(submitButton());

    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(router.state.location.pathname).toBe(LOGIN_PATH);
    expect(useSessionStore.getState().token).toBeUndefined();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  describe('in captcha mode', () => {
    const base = siteInfoFixture();
    const captchaSite = { ...base, config: { ...base.config, captchaMode: true } };

    it('shows the captcha, requires the code and sends the captcha grant', async () => {
      const captcha = vi
        .spyOn(authApi, 'fetchCaptcha')
        .mockResolvedValue({ key: 'key-1', image: 'data:image/png;base64,AAAA' });
      const login = vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
      const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
      const { router } = await renderLogin(captchaSite);

      const image = await screen.findByAltText<HTMLImageElement>('验证码图片');
      expect(image.src).toBe('data:image/png;base64,AAAA');
      await fill(user, 'username', 'admin');
      await fill(user, 'password', 'admin');
      await user.click(submitButton());
      expect(await screen.findByText('请输入验证码')).toBeTruthy();
      expect(login).not.toHaveBeenCalled();

      await fill(user, 'code', 'ab12c');
      await user.click(submitButton());
      await waitFor(() => expect(login).toHaveBeenCalled());
      expect(login.mock.calls[0]?.[0].captcha).toEqual({ key: 'key-1', code: 'ab12c' });
      expect(captcha).toHaveBeenCalledTimes(1);
      // The sign-in goes on after the call (session, navigation): finished here, so that it cannot land in the
      // next test's page and sign that one in.
      await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    });

    it('refreshes the captcha on click and after a failed login', async () => {
      const captcha = vi
        .spyOn(authApi, 'fetchCaptcha')
        .mockResolvedValue({ key: 'key-1', image: 'data:image/png;base64,AAAA' });
      vi.spyOn(authApi, 'loginByUsername').mockRejectedValue(new authApi.LoginError('验证码不正确'));
      const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
      await renderLogin(captchaSite);
      await screen.findByAltText('验证码图片');

      await user.click(screen.getByTestId('captcha-refresh'));
      await waitFor(() => expect(captcha).toHaveBeenCalledTimes(2));

      await fill(user, 'username', 'admin');
      await fill(user, 'password', 'admin');
      await fill(user, 'code', 'wrong');
      await user.click(submitButton());
      expect(await screen.findByText('验证码不正确')).toBeTruthy();
      await waitFor(() => expect(captcha).toHaveBeenCalledTimes(3));
      expect(field('code').value).toBe('');
    });
  });
});
