import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import { guardRedirect, newWindowTarget } from './guard';

describe('route guard', () => {
  const open = { noAuth: true };

  it('without a token allows only no-auth routes and sends the rest to /', () => {
    expect(guardRedirect({ pathname: '/', handle: open, hasToken: false, signedOut: false })).toBeUndefined();
    expect(
      guardRedirect({ pathname: LOGIN_PATH, handle: open, hasToken: false, signedOut: false }),
    ).toBeUndefined();
    expect(
      guardRedirect({ pathname: '/404', handle: open, hasToken: false, signedOut: false }),
    ).toBeUndefined();
    expect(guardRedirect({ pathname: '/x', handle: undefined, hasToken: false, signedOut: false })).toBe('/');
  });

  it('right after a logout or a 401 sends guarded routes to the login page', () => {
    expect(guardRedirect({ pathname: HOME_PATH, handle: {}, hasToken: false, signedOut: true })).toBe(
      '/login?redirect=%2Fwel%2Findex',
    );
    expect(guardRedirect({ pathname: '/x', handle: undefined, hasToken: false, signedOut: true })).toBe(
      LOGIN_PATH,
    );
    expect(guardRedirect({ pathname: '/', handle: open, hasToken: false, signedOut: true })).toBeUndefined();
  });

  it('with a token sends the login page to the console home and allows everything else', () => {
    expect(guardRedirect({ pathname: LOGIN_PATH, handle: open, hasToken: true, signedOut: false })).toBe(
      HOME_PATH,
    );
    expect(
      guardRedirect({ pathname: HOME_PATH, handle: {}, hasToken: true, signedOut: false }),
    ).toBeUndefined();
    expect(guardRedirect({ pathname: '/', handle: open, hasToken: true, signedOut: false })).toBeUndefined();
  });

  it('without a token sends a console page to the login page, keeping the page and its query as the target', () => {
    const menuPage = { noAuth: true, kind: 'menu' as const };
    const signedOutUser = { hasToken: false, signedOut: false };
    // The console home is a console page like any other: a bookmark of it comes back to it after signing in.
    expect(guardRedirect({ pathname: HOME_PATH, handle: {}, ...signedOutUser })).toBe(
      '/login?redirect=%2Fwel%2Findex',
    );
    expect(guardRedirect({ pathname: '/system/user/index', handle: menuPage, ...signedOutUser })).toBe(
      '/login?redirect=%2Fsystem%2Fuser%2Findex',
    );
    expect(
      guardRedirect({ pathname: '/work/todo/index', search: '?page=2', handle: menuPage, ...signedOutUser }),
    ).toBe('/login?redirect=%2Fwork%2Ftodo%2Findex%3Fpage%3D2');
    expect(
      guardRedirect({ pathname: '/work/process/invention/detail/1/2', handle: {}, ...signedOutUser }),
    ).toBe('/login?redirect=%2Fwork%2Fprocess%2Finvention%2Fdetail%2F1%2F2');
    // The session ended on the page: the same address, with no stop at /404 or the public home.
    expect(
      guardRedirect({ pathname: '/system/user/index', handle: menuPage, hasToken: false, signedOut: true }),
    ).toBe('/login?redirect=%2Fsystem%2Fuser%2Findex');
    // Not a console page: an unknown address stays unknown, the embedded page and the public site stay open.
    expect(guardRedirect({ pathname: '/no/such/page', handle: menuPage, ...signedOutUser })).toBeUndefined();
    expect(
      guardRedirect({
        pathname: '/myiframe/docs',
        handle: { noAuth: true, kind: 'iframe' },
        ...signedOutUser,
      }),
    ).toBeUndefined();
    expect(guardRedirect({ pathname: '/aboutUs', handle: open, ...signedOutUser })).toBeUndefined();
  });

  it('with a token sends the login page to its target when it is a console page of this site', () => {
    const signedIn = { pathname: LOGIN_PATH, handle: open, hasToken: true, signedOut: false };
    expect(guardRedirect({ ...signedIn, search: '?redirect=%2Fsystem%2Fuser%2Findex%3Fpage%3D2' })).toBe(
      '/system/user/index?page=2',
    );
    for (const target of ['//evil.example', 'https://evil.example/', '/login', '/aboutUs', '/lock']) {
      expect(guardRedirect({ ...signedIn, search: `?redirect=${encodeURIComponent(target)}` }), target).toBe(
        HOME_PATH,
      );
    }
  });

  it('locked: every route except the lock page goes to the lock page', () => {
    const locked = { hasToken: true, signedOut: false, locked: true };
    expect(guardRedirect({ pathname: HOME_PATH, handle: {}, ...locked })).toBe(LOCK_PATH);
    expect(guardRedirect({ pathname: '/system/param/index', handle: {}, ...locked })).toBe(LOCK_PATH);
    expect(guardRedirect({ pathname: LOGIN_PATH, handle: open, ...locked })).toBe(LOCK_PATH);
    expect(guardRedirect({ pathname: '/', handle: open, ...locked })).toBe(LOCK_PATH);
    expect(guardRedirect({ pathname: LOCK_PATH, handle: open, ...locked })).toBeUndefined();
  });

  it('the lock page without a lock leads back: to the current tab or the console home, or out', () => {
    expect(guardRedirect({ pathname: LOCK_PATH, handle: open, hasToken: true, signedOut: false })).toBe(
      HOME_PATH,
    );
    expect(
      guardRedirect({
        pathname: LOCK_PATH,
        handle: open,
        hasToken: true,
        signedOut: false,
        resumePath: '/desk/notice/index?a=1',
      }),
    ).toBe('/desk/notice/index?a=1');
    expect(guardRedirect({ pathname: LOCK_PATH, handle: open, hasToken: false, signedOut: false })).toBe('/');
    expect(guardRedirect({ pathname: LOCK_PATH, handle: open, hasToken: false, signedOut: true })).toBe(
      LOGIN_PATH,
    );
  });
});

describe('target query', () => {
  it('opens the url query, else the same address without target', () => {
    expect(newWindowTarget('/system/param/index', '')).toBeUndefined();
    expect(newWindowTarget('/system/param/index', '?a=1')).toBeUndefined();
    expect(newWindowTarget('/x', '?target=_blank&url=https%3A%2F%2Fexample.com')).toBe('https://example.com');
    expect(newWindowTarget('/system/param/index', '?target=1&a=2')).toBe('/system/param/index?a=2');
    expect(newWindowTarget('/wel/index', '?target')).toBe('/wel/index');
  });
});
