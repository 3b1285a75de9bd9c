import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './i18n';
import { menuLabel, translatedLabel } from './labels';

/** A renamed menu shows its new (server) name in Chinese; the locale translates menu codes into English only. */
describe('menu labels', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('shows the server name in Chinese, even when the locale knows the code', async () => {
    await i18n.changeLanguage('zh');
    expect(menuLabel({ code: 'param', name: '系统参数设置' })).toBe('系统参数设置');
    expect(translatedLabel('系统参数设置', 'menu.param')).toBe('系统参数设置');
    // Other translated labels (not menu names) still follow the locale.
    expect(translatedLabel('x', 'crud.add')).toBe('新增');
  });

  it('translates known codes into English and keeps unknown ones', async () => {
    await switchLanguage('en');
    expect(menuLabel({ code: 'param', name: '系统参数设置' })).toBe('Parameters');
    expect(translatedLabel('系统参数设置', 'menu.param')).toBe('Parameters');
    expect(menuLabel({ code: 'no_such_code', name: '自定义菜单' })).toBe('自定义菜单');
  });
});
