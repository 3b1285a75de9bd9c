import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/menu';
import { menuOpenAction } from './useOpenMenu';

const node = (path: string, isOpen = 1): MenuNode => ({
  id: '1',
  parentId: '0',
  code: 'x',
  name: '链接',
  path,
  isOpen,
});

/** An outside link asks for confirmation first; an address that is no http(s) URL is refused. */
describe('menuOpenAction', () => {
  it('asks before opening an http(s) link in a new window', () => {
    expect(menuOpenAction(node('https://www.example.com/', 2))).toEqual({
      kind: 'confirmExternal',
      url: 'https://www.example.com/',
    });
    expect(menuOpenAction(node('  HTTP://intranet.local/a?b=1 ', 2))).toEqual({
      kind: 'confirmExternal',
      url: 'HTTP://intranet.local/a?b=1',
    });
  });

  it('refuses a new-window address that looks like a link but is not http(s)', () => {
    for (const path of ['ftp://files.example.com', 'www.example.com', '//example.com', 'javascript:alert(1)'])
      expect(menuOpenAction(node(path, 2)), path).toEqual({ kind: 'invalidUrl' });
  });

  it('opens a console page in a new window without asking, and navigates otherwise', () => {
    expect(menuOpenAction(node('/system/param', 2))).toEqual({
      kind: 'newWindow',
      href: '/system/param/index',
    });
    expect(menuOpenAction(node('/system/param'))).toEqual({ kind: 'navigate', href: '/system/param/index' });
    // The menu's query goes with its page (the menu node's `query`).
    expect(menuOpenAction({ ...node('/system/param'), query: { tab: '2', q: 'a b' } })).toEqual({
      kind: 'navigate',
      href: '/system/param/index?tab=2&q=a+b',
    });
    expect(menuOpenAction({ ...node('/system/param'), query: {} })).toEqual({
      kind: 'navigate',
      href: '/system/param/index',
    });
    // Without isOpen 2 an outside link is embedded in the console, not opened in a new window.
    expect(menuOpenAction(node('https://docs.example.com/guide'))).toMatchObject({
      kind: 'navigate',
      href: expect.stringMatching(/^\/myiframe\/x\?src=https%3A%2F%2Fdocs\.example\.com/),
    });
  });
});
