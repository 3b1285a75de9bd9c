import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { nextKeepAlive } from './keepAlive';

describe('keep-alive cache', () => {
  const all = new Set(['/a', '/b', '/c']);

  it('adds visited pages and keeps their order when switching back', () => {
    let cache = nextKeepAlive([], { activeKey: '/a', activeValue: 1, cacheable: true, keep: all });
    cache = nextKeepAlive(cache, { activeKey: '/b', activeValue: 2, cacheable: true, keep: all });
    cache = nextKeepAlive(cache, { activeKey: '/a', activeValue: 3, cacheable: true, keep: all });
    expect(cache).toEqual([
      { key: '/a', value: 3, cacheable: true },
      { key: '/b', value: 2, cacheable: true },
    ]);
  });

  it('drops pages whose tab was closed, but never the active one', () => {
    let cache = nextKeepAlive([], { activeKey: '/a', activeValue: 1, cacheable: true, keep: all });
    cache = nextKeepAlive(cache, { activeKey: '/b', activeValue: 2, cacheable: true, keep: all });
    cache = nextKeepAlive(cache, { activeKey: '/c', activeValue: 3, cacheable: true, keep: new Set(['/b']) });
    expect(cache.map((entry) => entry.key)).toEqual(['/b', '/c']);
  });

  it('does not keep a page that opts out once it is left', () => {
    let cache = nextKeepAlive([], { activeKey: '/a', activeValue: 1, cacheable: false, keep: all });
    expect(cache.map((entry) => entry.key)).toEqual(['/a']);
    cache = nextKeepAlive(cache, { activeKey: '/b', activeValue: 2, cacheable: true, keep: all });
    expect(cache.map((entry) => entry.key)).toEqual(['/b']);
  });

  it('keeps at most `max` pages, dropping the oldest', () => {
    let cache = nextKeepAlive([], { activeKey: '/a', activeValue: 1, cacheable: true, keep: all, max: 2 });
    cache = nextKeepAlive(cache, { activeKey: '/b', activeValue: 2, cacheable: true, keep: all, max: 2 });
    cache = nextKeepAlive(cache, { activeKey: '/c', activeValue: 3, cacheable: true, keep: all, max: 2 });
    expect(cache.map((entry) => entry.key)).toEqual(['/b', '/c']);
  });
});

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();
  return (
    <div>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {name} {count}
      </button>
      <span>{`${name} sees ${pathname}`}</span>
    </div>
  );
}

function Layout({ keep }: { keep: ReadonlySet<string> }) {
  return <KeepAliveOutlet keep={keep} cacheable />;
}

describe('KeepAliveOutlet', () => {
  it('keeps a left page mounted and hidden, with its state and its own address', async () => {
    const keep = new Set(['/a', '/b']);
    const router = createMemoryRouter(
      [
        {
          element: <Layout keep={keep} />,
          children: [
            { path: '/a', element: <Counter name="A" /> },
            { path: '/b', element: <Counter name="B" /> },
          ],
        },
        { path: '*', element: <Outlet /> },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);

    fireEvent.click(screen.getByRole('button', { name: 'A 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'A 1' }));
    await act(() => router.navigate('/b'));
    expect(screen.getByRole('button', { name: 'B 0' })).toBeTruthy();
    // Page A is still there (hidden), still counting 2 and still at its own address.
    expect(screen.getByText('A sees /a')).toBeTruthy();
    expect(
      screen
        .getByText('A 2', { selector: 'button' })
        .closest('[data-page-key]')
        ?.getAttribute('data-page-key'),
    ).toBe('/a');

    await act(() => router.navigate('/a'));
    expect(screen.getByRole('button', { name: 'A 2' })).toBeTruthy();
  });
});
