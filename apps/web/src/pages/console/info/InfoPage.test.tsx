import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as ossApi from '../../../api/oss';
import * as profileApi from '../../../api/profile';
import { RequestError, request } from '../../../api/request';
import { UiProviders } from '../../../app/UiProviders';
import { useSessionStore } from '../../../stores/session';
import { installDomStubs } from '../../../test/domStubs';
import { loginResultFixture } from '../../../test/fixtures';
import { avatarProblem } from './AvatarField';
import InfoPage from './InfoPage';

installDomStubs();

const profile: profileApi.Profile = {
  id: '1123598821738675201',
  account: 'admin',
  name: '管理员',
  realName: '张三',
  avatar: '',
  email: 'admin@example.com',
  phone: '13800000000',
};

function renderPage(path = '/info/index') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UiProviders>
        <MemoryRouter initialEntries={[path]}>
          <InfoPage />
        </MemoryRouter>
      </UiProviders>
    </QueryClientProvider>,
  );
}

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no input #${id}`);
  return element as HTMLInputElement;
}

function button(text: string): HTMLButtonElement {
  const found = Array.from(document.querySelectorAll('button')).find(
    (element) => element.textContent?.replace(/\s+/g, '') === text && element.offsetParent !== undefined,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function setup() {
  return userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    applyAccept: false,
  });
}

async function replace(user: ReturnType<typeof setup>, id: string, value: string) {
  await user.clear(input(id));
  if (value) await user.paste(value);
}

describe('avatar rule', () => {
  it('accepts JPG and PNG up to 500 KB only', () => {
    expect(avatarProblem({ type: 'image/png', name: 'a.png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', name: 'a.jpg', size: 10 })).toBeUndefined();
    expect(avatarProblem({ type: '', name: 'a.JPEG', size: 10 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', name: 'a.gif', size: 10 })).toBe('type');
    expect(avatarProblem({ type: 'image/png', name: 'a.png', size: 500 * 1024 + 1 })).toBe('size');
  });
});

describe('profile page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useSessionStore.setState({
      token: 'access-1',
      userInfo: loginResultFixture({ password_must_change: true }),
    });
    vi.spyOn(profileApi, 'fetchProfile').mockResolvedValue(profile);
  });
  afterEach(() => vi.restoreAllMocks());

  // One fresh form per value: antd animates an error that replaces another, which jsdom never finishes.
  it.each([
    ['', '手机号码不能为空'],
    ['1380000000', '手机号码长度不为11位'],
    ['12800000000', '手机号码格式不正确'],
  ])('checks the phone number %j with the message %s', async (phone, text) => {
    const update = vi.spyOn(profileApi, 'updateProfile').mockResolvedValue();
    const user = setup();
    renderPage();
    await waitFor(() => expect(input('profile_realName').value).toBe('张三'));
    fireEvent.change(input('profile_phone'), { target: { value: phone } });
    await user.click(button('提交'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('labels the name field 用户名 (spec: "name (username)") and asks for it with 请输入用户名', async () => {
    const update = vi.spyOn(profileApi, 'updateProfile').mockResolvedValue();
    const user = setup();
    renderPage();
    await waitFor(() => expect(input('profile_realName').value).toBe('张三'));
    expect(screen.getByLabelText('用户名')).toBe(input('profile_name'));
    expect(screen.getByLabelText('姓名')).toBe(input('profile_realName'));
    await replace(user, 'profile_name', '');
    await user.click(button('提交'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('uploads a new avatar with put-file and saves the profile with update-info', async () => {
    const put = vi.spyOn(ossApi, 'putFile').mockResolvedValue({
      link: '/api/cube-resource/oss/file/100000/a.png',
      domain: '',
      name: 'a.png',
      originalName: 'me.png',
    });
    const update = vi.spyOn(profileApi, 'updateProfile').mockResolvedValue();
    const user = setup();
    renderPage();
    await waitFor(() => expect(input('profile_realName').value).toBe('张三'));

    // The upload replaces its input after each choice: look it up every time.
    const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(fileInput(), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('上传头像图片只能是 JPG/PNG 格式!')).toBeTruthy();
    await user.upload(fileInput(), new File([new Uint8Array(501 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('上传头像图片大小不能超过 500KB!')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await user.upload(fileInput(), new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));

    await replace(user, 'profile_name', '小张');
    await user.click(button('提交'));
    expect(await screen.findByText('操作成功!')).toBeTruthy();
    expect(update).toHaveBeenCalledWith({
      avatar: '/api/cube-resource/oss/file/100000/a.png',
      name: '小张',
      realName: '张三',
      phone: '13800000000',
      email: 'admin@example.com',
    });
    expect(useSessionStore.getState().userInfo?.nick_name).toBe('小张');
    expect(useSessionStore.getState().userInfo?.avatar).toBe('/api/cube-resource/oss/file/100000/a.png');
  });

  it('changes the password: the two new ones must match, server messages show at the field', async () => {
    const change = vi
      .spyOn(profileApi, 'updatePassword')
      .mockRejectedValueOnce(new RequestError('原密码不正确!', { code: 400, kind: 'answer' }))
      .mockResolvedValueOnce();
    const user = setup();
    renderPage('/info/index?tab=password');

    await user.click(input('password_oldPassword'));
    await user.paste('old-secret');
    await user.click(input('password_newPassword'));
    await user.paste('new-secret');
    await user.click(input('password_newPassword1'));
    await user.paste('other');
    await user.click(button('提交'));
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(change).not.toHaveBeenCalled();

    await replace(user, 'password_newPassword1', 'new-secret');
    await user.click(button('提交'));
    expect(await screen.findByText('原密码不正确!')).toBeTruthy();
    expect(change).toHaveBeenCalledWith({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
      newPassword1: 'new-secret',
    });

    await user.click(button('提交'));
    expect(await screen.findByText('操作成功!')).toBeTruthy();
    expect(useSessionStore.getState().userInfo?.password_must_change).toBe(false);
    await waitFor(() => expect(input('password_oldPassword').value).toBe(''));
  });
});

describe('profile calls', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the md5 hex of each password, never the password', async () => {
    const post = vi.spyOn(request, 'post').mockResolvedValue({ data: { code: 200, data: {} } } as never);
    await profileApi.updatePassword({ oldPassword: 'a', newPassword: 'b', newPassword1: 'b' });
    expect(post).toHaveBeenCalledWith(profileApi.UPDATE_PASSWORD_URL, null, {
      params: { oldPassword: md5('a'), newPassword: md5('b'), newPassword1: md5('b') },
    });
  });
});
