import { HOME_PATH, LOGIN_PATH } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginHref, loginHrefFrom, safeRedirect } from './loginRedirect';

describe('login redirect target', () => {
  it('accepts console pages of this site, with their query and hash', () => {
    expect(safeRedirect('/system/user/index')).toBe('/system/user/index');
    expect(safeRedirect('/work/todo/index?page=2&name=%E5%BC%A0')).toBe(
      '/work/todo/index?page=2&name=%E5%BC%A0',
    );
    expect(safeRedirect('/work/process/invention/handle/1/2/3')).toBe('/work/process/invention/handle/1/2/3');
    expect(safeRedirect('/desk/notice/index#top')).toBe('/desk/notice/index#top');
    expect(safeRedirect(HOME_PATH)).toBe(HOME_PATH);
  });

  it('refuses other sites, schemes and anything that is not a plain path', () => {
    for (const raw of [
      '//evil.example/system/user/index',
      '/\\evil.example',
      '\\\\evil.example',
      'http://evil.example/wel/index',
      'https:evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'system/user/index',
      ' /system/user/index',
      '/system/user/index\n',
      '/\t/evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      `/${'a'.repeat(3000)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(raw), String(raw)).toBeUndefined();
    }
  });

  it('refuses the login and lock pages (no loop), the public site, the error pages and embedded pages', () => {
    for (const raw of [
      '/login',
      '/login?redirect=/system/user/index',
      '/LOGIN/',
      '/%6Cogin',
      '/lock',
      '/',
      '/?x=1',
      '/newsCenter',
      '/aboutus',
      '/404',
      '/403',
      '/500',
      '/myiframe/docs?src=https%3A%2F%2Fevil.example%2F',
    ]) {
      expect(safeRedirect(raw), raw).toBeUndefined();
    }
  });

  it('builds the login address that keeps the target, plain for the console home or a refused target', () => {
    expect(loginHref('/system/user/index')).toBe('/login?redirect=%2Fsystem%2Fuser%2Findex');
    expect(loginHref('/work/todo/index?a=1&b=2')).toBe(
      '/login?redirect=%2Fwork%2Ftodo%2Findex%3Fa%3D1%26b%3D2',
    );
    expect(loginHref(HOME_PATH)).toBe(LOGIN_PATH);
    expect(loginHref(HOME_PATH, { keepHome: true })).toBe('/login?redirect=%2Fwel%2Findex');
    expect(loginHref('/aboutUs', { keepHome: true })).toBe(LOGIN_PATH);
    expect(loginHref('//evil.example')).toBe(LOGIN_PATH);
    expect(loginHref('/aboutUs')).toBe(LOGIN_PATH);
    expect(loginHref(undefined)).toBe(LOGIN_PATH);
  });

  it('after a 401 keeps the page as the target, and leaves the login page as it is', () => {
    expect(loginHrefFrom({ pathname: '/system/user/index', search: '?page=3' })).toBe(
      '/login?redirect=%2Fsystem%2Fuser%2Findex%3Fpage%3D3',
    );
    expect(loginHrefFrom({ pathname: LOGIN_PATH, search: '?redirect=%2Fwork%2Ftodo%2Findex' })).toBe(
      '/login?redirect=%2Fwork%2Ftodo%2Findex',
    );
    expect(loginHrefFrom({ pathname: '/newsCenter', search: '' })).toBe(LOGIN_PATH);
  });

  it('after signing in opens the safe target, else the console home', () => {
    expect(afterLoginPath('?redirect=%2Fsystem%2Fuser%2Findex%3Fpage%3D3')).toBe('/system/user/index?page=3');
    expect(afterLoginPath('?redirect=/work/todo/index')).toBe('/work/todo/index');
    expect(afterLoginPath('')).toBe(HOME_PATH);
    expect(afterLoginPath('?redirect=%2F%2Fevil.example')).toBe(HOME_PATH);
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.example%2F')).toBe(HOME_PATH);
    expect(afterLoginPath('?redirect=%2Flogin%3Fredirect%3D%252Fwel%252Findex')).toBe(HOME_PATH);
    expect(afterLoginPath('?redirect=%2FnewsCenter')).toBe(HOME_PATH);
  });
});
