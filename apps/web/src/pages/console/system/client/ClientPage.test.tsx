import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../../api/request';
import { usePermissionStore } from '../../../../stores/permission';
import { useSiteStore } from '../../../../stores/site';
import { button, crudUser, dialog, renderWithProviders, rowOf } from '../../../../test/crudPage';
import { installDomStubs } from '../../../../test/domStubs';
import { siteInfoFixture } from '../../../../test/fixtures';
import ClientPage from './ClientPage';

installDomStubs();

const PREFIX = '/api/cube-system/client';
const row = (id: string, clientId: string) => ({
  id,
  clientId,
  resourceIds: '',
  scope: 'all',
  authorizedGrantTypes: 'refresh_token,password,captcha',
  webServerRedirectUri: '',
  authorities: '',
  accessTokenValidity: 43_200,
  refreshTokenValidity: 604_800,
  additionalInformation: '',
  autoapprove: '',
  createTime: '2026-11-24 09:00:00',
});
const ok = (data: unknown) => ({ data: { code: 200, success: true, msg: '操作成功', data } });
const SECRET = 'A'.repeat(43);

describe('the client screen', { timeout: 60_000 }, () => {
  let post: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    useSiteStore.getState().setInfo(siteInfoFixture());
    usePermissionStore.setState({
      permission: {
        client_add: true,
        client_edit: true,
        client_delete: true,
        client_view: true,
        client_secret: true,
      },
      loaded: true,
    });
    vi.spyOn(request, 'get').mockImplementation(async (url: string) =>
      url === `${PREFIX}/list`
        ? ok({ records: [row('1', 'cube'), row('2', 'partner')], total: 2, size: 10, current: 1, pages: 1 })
        : ok([]),
    );
    post = vi
      .spyOn(request, 'post')
      .mockImplementation(async (url: string) =>
        url === `${PREFIX}/reset-secret`
          ? ok({ id: '2', clientSecret: SECRET.toLowerCase() })
          : ok({ id: '3', clientSecret: SECRET }),
      );
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a new client’s secret once, marks the console client and offers 重置密钥 on the others only', async () => {
    const user = crudUser();
    renderWithProviders(<ClientPage />);
    await screen.findByText('partner');
    expect(within(rowOf('cube')).getByText('控制台')).toBeTruthy();
    expect(within(rowOf('cube')).queryByText('重置密钥')).toBeNull();
    expect(within(rowOf('partner')).getByText('重置密钥')).toBeTruthy();

    await user.click(button('新增'));
    const add = await waitFor(() => {
      const found = dialog();
      if (!found) throw new Error('no dialog');
      return found;
    });
    await user.type(within(add).getByLabelText('客户端ID'), 'newapp');
    await user.click(button('保存', add));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${PREFIX}/submit`,
        expect.objectContaining({
          clientId: 'newapp',
          scope: 'all',
          authorizedGrantTypes: 'refresh_token,password,authorization_code',
          accessTokenValidity: 3600,
          refreshTokenValidity: 604_800,
        }),
      ),
    );
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText('请立即复制并妥善保存，关闭后无法再次查看。')).toBeTruthy();
  });

  it('labels every code of a row: the scope and each grant type, never the raw code', async () => {
    renderWithProviders(<ClientPage />);
    await screen.findByText('partner');
    const cells = Array.from(rowOf('partner').querySelectorAll('td')).map((td) => td.textContent ?? '');
    expect(cells).toContain('全部');
    expect(within(rowOf('partner')).getByText('刷新令牌')).toBeTruthy();
    expect(within(rowOf('partner')).getByText('验证码')).toBeTruthy();
    expect(cells.some((text) => /\ball\b|refresh_token|captcha/.test(text))).toBe(false);
  });
});
