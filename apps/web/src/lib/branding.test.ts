import { describe, expect, it } from 'vitest';
import { siteInfoFixture } from '../test/fixtures';
import { applyFavicon, brandingOf, documentTitle, resourceContent } from './branding';

describe('branding', () => {
  it('reads resources by code, ignoring blank content', () => {
    const { resources } = siteInfoFixture();
    expect(resourceContent(resources, 'title')).toBe('测试门户');
    expect(resourceContent(resources, 'logo')).toBeUndefined();
    expect(resourceContent(undefined, 'title')).toBeUndefined();
  });

  it('falls back from login and index titles to the product title, and from that to the given name', () => {
    expect(brandingOf(siteInfoFixture(), 'Cube')).toMatchObject({
      productTitle: '测试门户',
      loginTitle: '测试门户登录',
      indexTitle: '测试门户首页',
      faviconUrl: '/brand/favicon.png',
      logoUrl: undefined,
      backgroundUrl: undefined,
    });
    expect(brandingOf(siteInfoFixture({ resources: [] }), 'Cube')).toMatchObject({
      productTitle: 'Cube',
      loginTitle: 'Cube',
      indexTitle: 'Cube',
    });
    expect(brandingOf(undefined, 'Cube').productTitle).toBe('Cube');
  });

  it("carries the tenant's brand colour, ICP number and copyright (site settings), ignoring a malformed colour", () => {
    const resources = [
      { resources_code: 'title', resources_content: '立方知识产权' },
      { resources_code: 'primaryColor', resources_content: '#b91c1c' },
      { resources_code: 'icp', resources_content: '苏ICP备2024058321号-1' },
      { resources_code: 'copyright', resources_content: '© 2026 立方知识产权代理有限公司' },
    ];
    expect(brandingOf(siteInfoFixture({ resources }), 'Cube')).toMatchObject({
      primaryColor: '#b91c1c',
      icp: '苏ICP备2024058321号-1',
      copyright: '© 2026 立方知识产权代理有限公司',
    });
    const bad = [{ resources_code: 'primaryColor', resources_content: 'red;background:url(x)' }];
    expect(brandingOf(siteInfoFixture({ resources: bad }), 'Cube').primaryColor).toBeUndefined();
  });

  it('builds the document title as page title plus product title', () => {
    expect(documentTitle('首页', '测试门户')).toBe('首页 - 测试门户');
    expect(documentTitle(undefined, '测试门户')).toBe('测试门户');
    expect(documentTitle('测试门户', '测试门户')).toBe('测试门户');
  });

  it('points the existing icon link at the favicon, or adds one', () => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
    applyFavicon('/brand/favicon.png');
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/brand/favicon.png');
    expect(links[0]?.hasAttribute('type')).toBe(false);

    document.head.innerHTML = '';
    applyFavicon('/x.ico');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/x.ico');
  });
});
