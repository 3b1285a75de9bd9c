import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as signinApi from '../../../api/signin';
import { renderWithProviders } from '../../../test/crudPage';
import { installDomStubs } from '../../../test/domStubs';
import { IdentityLinks } from './IdentityLinks';

installDomStubs();

const provider = { source: 'local', name: '本地身份' };
const linked: signinApi.IdentityLinks = {
  providers: [provider],
  links: [
    {
      id: '1',
      source: 'local',
      providerName: '本地身份',
      username: 'octocat',
      nickname: '',
      avatar: '',
      linkTime: '2026-11-28 09:00:00',
    },
  ],
  hasPassword: true,
};

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <IdentityLinks />
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe('第三方账号 back from the provider', { timeout: 20_000 }, () => {
  it('shows the new link even when a list read would answer after the link is finished', async () => {
    let isLinked = false;
    // Each read answers what the server held when it arrived, and only a moment after the link has finished: the
    // order that a slow list read meets under load.
    let finished: () => void = () => {};
    const linkFinished = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const reads = vi.spyOn(signinApi, 'fetchIdentityLinks').mockImplementation(async () => {
      const answer = isLinked ? linked : { ...linked, links: [] };
      await linkFinished;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer;
    });
    const finish = vi.spyOn(signinApi, 'finishIdentityLink').mockImplementation(async () => {
      isLinked = true;
      finished();
    });

    renderAt('/info/index?tab=identity&source=local&code=one-time&state=s1');

    expect(await screen.findByText('octocat')).toBeTruthy();
    expect(finish).toHaveBeenCalledTimes(1);
    expect(finish).toHaveBeenCalledWith({ source: 'local', code: 'one-time', state: 's1' });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('绑定成功')).toBeTruthy();
  });

  it('lists at once when the provider sent back an error, and shows it', async () => {
    vi.spyOn(signinApi, 'fetchIdentityLinks').mockResolvedValue({ ...linked, links: [] });
    const finish = vi.spyOn(signinApi, 'finishIdentityLink');

    renderAt('/info/index?tab=identity&linkError=%E6%8E%88%E6%9D%83%E5%B7%B2%E5%8F%96%E6%B6%88');

    expect(await screen.findByText('授权已取消')).toBeTruthy();
    expect(await screen.findByText('未绑定')).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();
  });
});
