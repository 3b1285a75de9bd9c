import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UiProviders } from '../../../app/UiProviders';
import IframePage, { embeddableSrc } from './IframePage';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/myiframe/:routerPath', element: <IframePage /> }], {
    initialEntries: [path],
  });
  return render(
    <UiProviders>
      <RouterProvider router={router} />
    </UiProviders>,
  );
}

describe('embedded page', () => {
  it('accepts http(s) URLs and site html files only', () => {
    expect(embeddableSrc('https://example.com/a')).toBe('https://example.com/a');
    expect(embeddableSrc('/static/help.html')).toBe('/static/help.html');
    expect(embeddableSrc('javascript:alert(1)')).toBeUndefined();
    expect(embeddableSrc('//evil.example/x.html')).toBeUndefined();
    expect(embeddableSrc('/system/param')).toBeUndefined();
    expect(embeddableSrc('')).toBeUndefined();
  });

  it('embeds the ?src= address', () => {
    renderAt(`/myiframe/docs?src=${encodeURIComponent('https://docs.example.com/')}`);
    expect(screen.getByTitle('docs').getAttribute('src')).toBe('https://docs.example.com/');
  });

  it('refuses an invalid address with its message', () => {
    renderAt('/myiframe/bad?src=ftp%3A%2F%2Fx');
    expect(screen.getByText('请检查url是否正确！')).toBeTruthy();
  });
});
