import { HOME_PATH } from '@cube/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import { useSessionStore } from './session';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  HOME_TAB,
  isTabClosable,
  normalizeTabs,
  shouldOpenTab,
  type Tab,
  useTabsStore,
} from './tabs';

const tab = (value: string, label = value): Tab => ({ value, label });
const param = tab('/system/param/index', '参数管理');
const notice = tab('/desk/notice/index', '通知公告');
const info = tab('/info/index', '个人信息');

describe('tab rules', () => {
  it('opens a tab unless the route opts out or the address or name is empty', () => {
    expect(shouldOpenTab(param)).toBe(true);
    expect(shouldOpenTab(param, true)).toBe(false);
    expect(shouldOpenTab({ value: '', label: '参数管理' })).toBe(false);
    expect(shouldOpenTab({ value: '/a/index', label: '  ' })).toBe(false);
    expect(shouldOpenTab(undefined)).toBe(false);
  });

  it('adds a tab once, refreshing the query of one already open', () => {
    const once = addTab([HOME_TAB], param);
    expect(once.map((item) => item.value)).toEqual([HOME_PATH, param.value]);
    const twice = addTab(once, { ...param, search: '?a=1' });
    expect(twice).toHaveLength(2);
    expect(twice[1]?.search).toBe('?a=1');
  });

  it('keeps the home tab first and unique', () => {
    expect(normalizeTabs([param, HOME_TAB, param]).map((item) => item.value)).toEqual([
      HOME_PATH,
      param.value,
    ]);
    expect(normalizeTabs(undefined)).toEqual([HOME_TAB]);
  });

  it('a single tab is not closable; the home tab never is', () => {
    expect(isTabClosable([HOME_TAB], HOME_TAB)).toBe(false);
    expect(isTabClosable([param], param)).toBe(false);
    expect(isTabClosable([HOME_TAB, param], param)).toBe(true);
    expect(isTabClosable([HOME_TAB, param], HOME_TAB)).toBe(false);
  });

  it('closing the active tab moves to the previous one', () => {
    const tabs = [HOME_TAB, param, notice, info];
    const { tabs: rest, next } = closeTab(tabs, notice.value, notice.value);
    expect(rest.map((item) => item.value)).toEqual([HOME_PATH, param.value, info.value]);
    expect(next?.value).toBe(param.value);
  });

  it('closing the first (active) tab moves to the new first one', () => {
    const { tabs: rest, next } = closeTab([param, notice], param.value, param.value);
    expect(rest).toEqual([notice]);
    expect(next).toEqual(notice);
  });

  it('closing another tab keeps the active one', () => {
    const { tabs: rest, next } = closeTab([HOME_TAB, param, notice], param.value, notice.value);
    expect(rest.map((item) => item.value)).toEqual([HOME_PATH, notice.value]);
    expect(next).toBeUndefined();
  });

  it('refuses to close the home tab or the last tab', () => {
    expect(closeTab([HOME_TAB, param], HOME_PATH, HOME_PATH).tabs).toHaveLength(2);
    expect(closeTab([param], param.value, param.value).tabs).toEqual([param]);
  });

  it('close others keeps the home tab and the chosen one; close all keeps only home', () => {
    expect(closeOtherTabs([HOME_TAB, param, notice, info], notice.value).map((item) => item.value)).toEqual([
      HOME_PATH,
      notice.value,
    ]);
    expect(closeAllTabs()).toEqual([HOME_TAB]);
  });
});

describe('tabs store', () => {
  afterEach(() => useTabsStore.getState().reset());

  it('persists the list and the current tab under tagList / tag', () => {
    const store = useTabsStore.getState();
    store.open(param);
    store.open(notice);
    expect(getStore<Tab[]>('tagList')?.map((item) => item.value)).toEqual([
      HOME_PATH,
      param.value,
      notice.value,
    ]);
    expect(getStore<Tab>('tag')?.value).toBe(notice.value);

    const next = useTabsStore.getState().close(notice.value);
    expect(next?.value).toBe(param.value);
    expect(getStore<Tab>('tag')?.value).toBe(param.value);

    useTabsStore.setState({ tabs: [HOME_TAB], active: HOME_PATH });
    useTabsStore.getState().hydrate();
    expect(useTabsStore.getState().tabs.map((item) => item.value)).toEqual([HOME_PATH, param.value]);
    expect(useTabsStore.getState().active).toBe(param.value);
  });

  it('resets to the home tab when the session ends', () => {
    useTabsStore.getState().open(param);
    useSessionStore.getState().logoutLocally();
    expect(useTabsStore.getState().tabs).toEqual([HOME_TAB]);
  });
});
