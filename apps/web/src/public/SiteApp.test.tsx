import type { PublicPageData, PublicSiteProfile } from '@cube/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteApp } from './SiteApp';

const site: PublicSiteProfile = {
  tenantId: '100000',
  title: '立方知识产权',
  indexTitle: '立方知识产权 · 专业服务',
  logo: '/img/logo.svg',
  favicon: '',
  primaryColor: '#1f5fbf',
  description: '专业的知识产权代理机构',
  keywords: '',
  icp: '苏ICP备2024058321号-1',
  copyright: '© 2026 立方知识产权代理有限公司 版权所有',
  companyName: '立方知识产权代理有限公司',
  contactPhone: '400-820-6188',
  contactEmail: 'service@lifang-ip.cn',
  contactAddress: '苏州工业园区',
  workHours: '周一至周五 9:00-18:00',
  policeRecord: '苏公网安备32059002001234号',
  wechatQr: '/img/wechat-qr.png',
};

const page = (over: Partial<PublicPageData>): PublicPageData => ({
  route: '/',
  url: '/',
  title: '首页',
  description: '',
  canonical: 'http://site.test/',
  site,
  content: { kind: 'notFound' },
  ...over,
});

const article = (id: string, title: string) => ({
  id,
  category: 2,
  categoryName: '党建要闻',
  title,
  author: '',
  source: '公司党支部',
  coverUrl: '',
  summary: `${title}的摘要`,
  linkUrl: '',
  isTop: 0,
  publishTime: '2026-11-20 09:00:00',
});

describe('the public site', () => {
  it('renders the home page to HTML with its sections, nav and footer', () => {
    const html = renderToString(
      <SiteApp
        data={page({
          content: {
            kind: 'home',
            banners: [
              { id: '1', title: '专业的知识产权服务', subtitle: '一站式办理', imageUrl: '', linkUrl: '' },
            ],
            products: [
              {
                id: '2',
                category: 1,
                categoryName: '专利代理',
                name: '发明专利申请',
                coverUrl: '',
                summary: '全流程代理',
              },
            ],
            certifications: [],
            news: [],
            party: [article('3', '党支部专题学习')],
            policies: [],
            aboutSummary: '公司成立于2012年',
          },
        })}
      />,
    );
    expect(html).toContain('专业的知识产权服务');
    expect(html).toContain('href="/productDetails?id=2"');
    expect(html).toContain('href="/newsDetails?id=3"');
    expect(html).toContain('暂无新闻动态');
    expect(html).toContain('苏ICP备2024058321号-1');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>首页<\/a>/);
  });

  it('pages an article list and marks the current page, with a readable empty state', () => {
    render(
      <SiteApp
        data={page({
          route: '/partyBuilding',
          content: {
            kind: 'articles',
            tabs: [{ category: 2, label: '党建要闻' }],
            category: 2,
            page: { records: [article('5', '党员志愿服务')], total: 23, size: 10, current: 2, pages: 3 },
          },
        })}
      />,
    );
    expect(screen.getByRole('link', { name: '党建园地', current: 'page' })).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(pager.querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(screen.getByRole('link', { name: '上一页' }).getAttribute('href')).toBe('/partyBuilding');
    expect(screen.getByRole('link', { name: '下一页' }).getAttribute('href')).toBe('/partyBuilding?page=3');
  });

  it('says so when a section has nothing yet', () => {
    render(
      <SiteApp
        data={page({
          route: '/scienceEducation',
          content: {
            kind: 'articles',
            tabs: [{ category: 4, label: '科普教育' }],
            category: 4,
            page: { records: [], total: 0, size: 10, current: 1, pages: 0 },
          },
        })}
      />,
    );
    expect(screen.getByText('暂无科普教育')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('opens the phone menu and checks the customer form before sending', () => {
    render(
      <SiteApp data={page({ route: '/aboutUs', content: { kind: 'about', html: '<p>公司介绍</p>' } })} />,
    );
    const menu = screen.getByRole('button', { name: '菜单' });
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: '主导航' }).getAttribute('data-open')).toBe('true');

    const form = screen.getByRole('form', { name: '客户信息登记' });
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }));
    expect(form.textContent).toContain('请输入您的姓名');
    expect(form.textContent).toContain('手机号码不能为空');
    expect(form.textContent).toContain('请阅读并同意隐私政策');
    expect(screen.getByLabelText(/姓名/).getAttribute('aria-invalid')).toBe('true');
    // The consent links the privacy page and starts unticked.
    const consent = screen.getByRole('checkbox', { name: /我已阅读并同意/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(consent);
    expect(form.textContent).not.toContain('请阅读并同意隐私政策');
  });

  it('shows covers with reserved boxes, lazily below the fold and at once on a detail page', () => {
    const cover = '/upload/cover.png';
    const home = renderToString(
      <SiteApp
        data={page({
          content: {
            kind: 'home',
            banners: [{ id: '1', title: '横幅', subtitle: '', imageUrl: '/upload/banner.jpg', linkUrl: '' }],
            products: [
              {
                id: '2',
                category: 1,
                categoryName: '专利代理',
                name: '发明专利',
                coverUrl: cover,
                summary: '',
              },
            ],
            certifications: [],
            news: [],
            party: [],
            policies: [],
            aboutSummary: '',
          },
        })}
      />,
    );
    expect(home).toMatch(
      /<img class="s-hero-img" src="\/upload\/banner.jpg"[^>]*width="1920" height="600" loading="eager" fetchPriority="high"/,
    );
    expect(home).toMatch(
      /<img class="s-card-cover" src="\/upload\/cover.png"[^>]*width="400" height="225" loading="lazy"/,
    );
    const detail = renderToString(
      <SiteApp
        data={page({
          route: '/newsDetails',
          content: {
            kind: 'article',
            article: { ...article('7', '带封面的新闻'), coverUrl: cover, content: '<p>正文</p>' },
            section: '/newsCenter',
          },
        })}
      />,
    );
    expect(detail).toMatch(
      /<img class="s-detail-cover" src="\/upload\/cover.png"[^>]*width="960" height="540" loading="eager"/,
    );
  });

  it('offers tap-to-call and the consult form on phones, and the filing numbers, QR code and staff login below', () => {
    const html = renderToString(
      <SiteApp data={page({ route: '/newsCenter', content: { kind: 'privacy', html: '<p>政策</p>' } })} />,
    );
    expect(html).toContain('href="tel:400-820-6188"'.replace('400-820-6188', '4008206188'));
    // A page without the form sends the consult button to the one on 关于我们.
    expect(html).toContain('href="/aboutUs#consult"');
    expect(html).toContain('苏公网安备32059002001234号');
    expect(html).toContain('href="https://beian.mps.gov.cn/#/query/webSearch?code=32059002001234"');
    expect(html).toMatch(
      /<img src="\/img\/wechat-qr.png" alt="微信公众号二维码" width="112" height="112" loading="lazy"/,
    );
    expect(html).toContain('href="/login"');
    expect(html).toContain('<p>政策</p>');
  });

  it('shows the not-found page for unknown content', () => {
    render(<SiteApp data={page({ route: '/404', content: { kind: 'notFound' } })} />);
    expect(screen.getByText('抱歉，您访问的页面不存在或已下线')).toBeTruthy();
  });
});
