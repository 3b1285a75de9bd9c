import type {
  PublicArticleSummary,
  PublicCertificationSummary,
  PublicPage,
  PublicPageData,
  PublicProductSummary,
  PublicSiteProfile,
} from '@cube/contract';
import { PUBLIC_NAV, PUBLIC_PAGES } from '@cube/contract/public-pages';
import { type ReactNode, useEffect, useState } from 'react';
import { CustomerForm, serviceOfProductCategory } from './CustomerForm';
import { WechatArticle } from './WechatArticle';

/**
 * The public website: one component tree rendered to HTML on the server and hydrated in the browser
 * from the same data. Pages link with plain addresses (each is server-rendered), so the client needs no router.
 */

/** The site's navigation, from the contract's page list. */
export const NAV: ReadonlyArray<{ path: string; label: string }> = PUBLIC_NAV;

/** Detail pages and the section each belongs to (the header marks it, the breadcrumb links to it). */
const SECTION_OF_DETAIL: Record<string, string> = Object.fromEntries(
  PUBLIC_PAGES.flatMap((p) => ('section' in p ? [[p.path, p.section]] : [])),
);

const date = (value: string) => value.slice(0, 10);

/** The privacy page (the consent of the customer form links it) and the staff's way in to the console. */
const PRIVACY_PATH = '/privacy';
const STAFF_LOGIN_PATH = '/login';

/** Pages that end with the consult form (the floating button scrolls to it; elsewhere it opens 关于我们's). */
const HAS_CONSULT = new Set(['home', 'products', 'about', 'product', 'certification']);

/** A content image with its box reserved (width/height, no layout shift); `eager` only above the fold. */
function Cover({
  src,
  width,
  height,
  className,
  eager = false,
}: {
  src: string;
  width: number;
  height: number;
  className: string;
  eager?: boolean;
}) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** Phones: a bar fixed at the bottom with tap-to-call (the site's phone) and the consult form. */
function MobileActions({ site, kind }: { site: PublicSiteProfile; kind: string }) {
  return (
    <nav className="s-mobile-actions" aria-label="快捷咨询">
      {site.contactPhone ? (
        <a className="s-mobile-call" href={`tel:${site.contactPhone.replace(/[^0-9+]/g, '')}`}>
          电话咨询
        </a>
      ) : null}
      <a className="s-mobile-consult" href={HAS_CONSULT.has(kind) ? '#consult' : '/aboutUs#consult'}>
        在线咨询
      </a>
    </nav>
  );
}
const label = (path: string) => NAV.find((n) => n.path === path)?.label ?? '';

function Header({ site, current }: { site: PublicSiteProfile; current: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="s-top">
        <div className="s-wrap">
          <span>{site.workHours ? `服务时间：${site.workHours}` : site.companyName}</span>
          <span>
            {site.contactPhone ? (
              <a href={`tel:${site.contactPhone}`}>咨询热线：{site.contactPhone}</a>
            ) : null}
          </span>
        </div>
      </div>
      <header className="s-header">
        <div className="s-wrap">
          <a className="s-brand" href="/" aria-label={`${site.title} 首页`}>
            {site.logo ? <img src={site.logo} alt="" width={36} height={36} /> : null}
            <span className="s-brand-name">{site.title}</span>
          </a>
          <button
            type="button"
            className="s-menu-btn"
            aria-expanded={open}
            aria-controls="site-nav"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? '关闭' : '菜单'}
          </button>
          <nav id="site-nav" className="s-nav" data-open={open} aria-label="主导航">
            <ul>
              {NAV.map((item) => (
                <li key={item.path}>
                  <a href={item.path} aria-current={item.path === current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
    </>
  );
}

function Footer({ site }: { site: PublicSiteProfile }) {
  const year = new Date().getFullYear();
  return (
    <footer className={site.wechatQr ? 's-footer s-footer-has-qr' : 's-footer'}>
      <div className="s-wrap">
        <div className="s-footer-cols">
          <section>
            <h2>{site.companyName || site.title}</h2>
            <p>{site.description}</p>
          </section>
          <section>
            <h2>联系我们</h2>
            <ul>
              {site.contactPhone ? <li>电话：{site.contactPhone}</li> : null}
              {site.contactEmail ? <li>邮箱：{site.contactEmail}</li> : null}
              {site.contactAddress ? <li>地址：{site.contactAddress}</li> : null}
              {site.workHours ? <li>时间：{site.workHours}</li> : null}
            </ul>
          </section>
          {site.wechatQr ? (
            <section className="s-footer-qr">
              <h2>关注公众号</h2>
              <img src={site.wechatQr} alt="微信公众号二维码" width={112} height={112} loading="lazy" />
              <p>微信扫一扫，获取最新资讯</p>
            </section>
          ) : null}
          <section>
            <h2>快速导航</h2>
            <ul>
              {NAV.slice(1).map((item) => (
                <li key={item.path}>
                  <a href={item.path}>{item.label}</a>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="s-footer-bottom">
          <span>{site.copyright || `© ${year} ${site.companyName || site.title} 版权所有`}</span>
          <span className="s-footer-links">
            {site.icp ? (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {site.icp}
              </a>
            ) : null}
            {site.policeRecord ? (
              <a
                href={`https://beian.mps.gov.cn/#/query/webSearch?code=${encodeURIComponent(site.policeRecord.replace(/\D/g, ''))}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {site.policeRecord}
              </a>
            ) : null}
            <a href={PRIVACY_PATH}>隐私政策</a>
            <a href={STAFF_LOGIN_PATH} rel="nofollow">
              员工登录
            </a>
          </span>
        </div>
      </div>
    </footer>
  );
}

function PageHead({ title, trail }: { title: string; trail: Array<{ href?: string; text: string }> }) {
  return (
    <div className="s-page-head">
      <div className="s-wrap">
        <h1>{title}</h1>
        <nav className="s-crumbs" aria-label="当前位置">
          <a href="/">首页</a>
          {trail.map((t) => (
            <span key={t.text}>
              {' / '}
              {t.href ? <a href={t.href}>{t.text}</a> : t.text}
            </span>
          ))}
        </nav>
      </div>
    </div>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="s-empty">
      <strong>{title}</strong>
      {hint}
    </div>
  );
}

function Hero({ data }: { data: PublicPageData }) {
  const content = data.content.kind === 'home' ? data.content : undefined;
  const banners = content?.banners.length
    ? content.banners
    : [
        {
          id: 'default',
          title: data.site.indexTitle,
          subtitle: data.site.description,
          imageUrl: '',
          linkUrl: '',
        },
      ];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (banners.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), 6000);
    return () => window.clearInterval(timer);
  }, [banners.length]);
  const banner = banners[index] ?? banners[0];
  if (!banner) return null;
  return (
    <section className="s-hero" aria-roledescription="轮播" aria-label="首页横幅">
      <div className={banner.imageUrl ? 's-hero-slide s-hero-has-image' : 's-hero-slide'}>
        {banner.imageUrl ? (
          // The first banner is the page's largest paint: loaded at once; the others when they are shown.
          <img
            key={banner.id}
            className="s-hero-img"
            src={banner.imageUrl}
            alt=""
            width={1920}
            height={600}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding="async"
          />
        ) : null}
        <div className="s-wrap">
          <h1>{banner.title}</h1>
          {banner.subtitle ? <p>{banner.subtitle}</p> : null}
          <a className="s-btn s-btn-light" href={banner.linkUrl || '/productServices'}>
            了解服务
          </a>
        </div>
      </div>
      {banners.length > 1 ? (
        <div className="s-hero-dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={`第${i + 1}张：${b.title}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function ArticleLinks({ items, empty }: { items: PublicArticleSummary[]; empty: string }) {
  if (!items.length) return <p className="s-date">{empty}</p>;
  return (
    <ul className="s-links">
      {items.map((a) => (
        <li key={a.id}>
          <a href={`/newsDetails?id=${a.id}`} title={a.title}>
            {a.title}
          </a>
          <span className="s-date">{date(a.publishTime)}</span>
        </li>
      ))}
    </ul>
  );
}

function ProductCards({ items }: { items: PublicProductSummary[] }) {
  return (
    <div className="s-grid s-grid-3">
      {items.map((p) => (
        <a key={p.id} className="s-card" href={`/productDetails?id=${p.id}`}>
          {p.coverUrl ? (
            <Cover className="s-card-cover" src={p.coverUrl} width={400} height={225} />
          ) : (
            <span className="s-card-icon" aria-hidden="true">
              {p.categoryName.slice(0, 1) || p.name.slice(0, 1)}
            </span>
          )}
          <h3>{p.name}</h3>
          <p>{p.summary}</p>
        </a>
      ))}
    </div>
  );
}

function CertificationCards({ items }: { items: PublicCertificationSummary[] }) {
  return (
    <div className="s-grid">
      {items.map((c) => (
        <a key={c.id} className="s-card" href={`/systemDetails?id=${c.id}`}>
          {c.coverUrl ? <Cover className="s-card-cover" src={c.coverUrl} width={400} height={225} /> : null}
          {c.standard ? <span className="s-card-tag">{c.standard}</span> : null}
          <h3>{c.name}</h3>
          <p>{c.summary}</p>
        </a>
      ))}
    </div>
  );
}

function ConsultBand({ site, service }: { site: PublicSiteProfile; service?: string }) {
  return (
    <section className="s-section" id="consult">
      <div className="s-wrap">
        <div className="s-consult">
          <div>
            <h2>免费咨询</h2>
            <p>留下您的联系方式和需求，专业顾问将在一个工作日内与您联系，为您评估方案与费用。</p>
            <ul className="s-contact-list">
              {site.contactPhone ? <li>咨询热线：{site.contactPhone}</li> : null}
              {site.contactEmail ? <li>电子邮箱：{site.contactEmail}</li> : null}
              {site.contactAddress ? <li>公司地址：{site.contactAddress}</li> : null}
            </ul>
          </div>
          <CustomerForm defaultService={service} />
        </div>
      </div>
    </section>
  );
}

function HomePage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'home') return null;
  const c = data.content;
  return (
    <>
      <Hero data={data} />
      <section className="s-section">
        <div className="s-wrap">
          <div className="s-section-head">
            <h2>产品服务</h2>
            <a className="s-more" href="/productServices">
              全部服务 ›
            </a>
          </div>
          {c.products.length ? (
            <ProductCards items={c.products} />
          ) : (
            <Empty title="服务项目整理中" hint="欢迎致电或在线咨询，了解我们可以为您提供的知识产权服务。" />
          )}
        </div>
      </section>
      <section className="s-section">
        <div className="s-wrap s-cols">
          <div className="s-panel">
            <h2>
              新闻动态
              <a className="s-more" href="/newsCenter">
                更多 ›
              </a>
            </h2>
            <ArticleLinks items={c.news} empty="暂无新闻动态" />
          </div>
          <div className="s-panel">
            <h2>
              党建要闻
              <a className="s-more" href="/partyBuilding">
                更多 ›
              </a>
            </h2>
            <ArticleLinks items={c.party} empty="暂无党建要闻" />
          </div>
          <div className="s-panel">
            <h2>
              政策法规
              <a className="s-more" href="/newsCenter?category=3">
                更多 ›
              </a>
            </h2>
            <ArticleLinks items={c.policies} empty="暂无政策法规" />
          </div>
        </div>
      </section>
      {c.certifications.length ? (
        <section className="s-section">
          <div className="s-wrap">
            <div className="s-section-head">
              <h2>体系认证</h2>
              <a className="s-more" href="/productServices#certifications">
                查看全部 ›
              </a>
            </div>
            <CertificationCards items={c.certifications} />
          </div>
        </section>
      ) : null}
      {c.aboutSummary ? (
        <section className="s-section">
          <div className="s-wrap">
            <div className="s-about-band">
              <div>
                <div className="s-section-head">
                  <h2>关于我们</h2>
                </div>
                <p>{c.aboutSummary}</p>
                <a className="s-btn" href="/aboutUs">
                  了解更多
                </a>
              </div>
              <div className="s-stats">
                <div className="s-stat">
                  <b>{c.products.length}</b>项核心服务
                </div>
                <div className="s-stat">
                  <b>{c.certifications.length}</b>类体系认证
                </div>
                <div className="s-stat">
                  <b>1 个</b>工作日内响应
                </div>
                <div className="s-stat">
                  <b>全流程</b>专人跟进
                </div>
              </div>
            </div>
          </div>
        </section>
      ) : null}
      <ConsultBand site={data.site} />
    </>
  );
}

function ProductsPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'products') return null;
  const { products, certifications } = data.content;
  return (
    <>
      <PageHead title="产品服务" trail={[{ text: '产品服务' }]} />
      <section className="s-section">
        <div className="s-wrap">
          <div className="s-section-head">
            <h2>知识产权代理服务</h2>
          </div>
          {products.length ? (
            <ProductCards items={products} />
          ) : (
            <Empty title="服务项目整理中" hint="欢迎致电或在线咨询，了解我们可以为您提供的服务。" />
          )}
        </div>
      </section>
      <section className="s-section" id="certifications">
        <div className="s-wrap">
          <div className="s-section-head">
            <h2>体系认证</h2>
          </div>
          {certifications.length ? (
            <CertificationCards items={certifications} />
          ) : (
            <Empty title="暂无认证服务" hint="认证服务信息即将发布，敬请关注。" />
          )}
        </div>
      </section>
      <ConsultBand site={data.site} />
    </>
  );
}

function Pager({ page, href }: { page: PublicPage<unknown>; href: (n: number) => string }) {
  if (page.pages <= 1) return null;
  const numbers: number[] = [];
  for (let n = Math.max(1, page.current - 2); n <= Math.min(page.pages, page.current + 2); n++)
    numbers.push(n);
  return (
    <nav className="s-pager" aria-label="分页">
      {page.current > 1 ? (
        <a href={href(page.current - 1)} rel="prev">
          上一页
        </a>
      ) : (
        <span className="s-pager-off">上一页</span>
      )}
      {numbers.map((n) =>
        n === page.current ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          <a key={n} href={href(n)}>
            {n}
          </a>
        ),
      )}
      {page.current < page.pages ? (
        <a href={href(page.current + 1)} rel="next">
          下一页
        </a>
      ) : (
        <span className="s-pager-off">下一页</span>
      )}
      <span className="s-pager-off">共 {page.total} 条</span>
    </nav>
  );
}

function SideContact({ site }: { site: PublicSiteProfile }) {
  return (
    <aside className="s-side">
      <div className="s-panel">
        <h2>联系我们</h2>
        <ul className="s-contact-list">
          {site.contactPhone ? <li>咨询热线：{site.contactPhone}</li> : null}
          {site.contactEmail ? <li>电子邮箱：{site.contactEmail}</li> : null}
          {site.contactAddress ? <li>公司地址：{site.contactAddress}</li> : null}
          {site.workHours ? <li>服务时间：{site.workHours}</li> : null}
        </ul>
      </div>
      <div className="s-panel">
        <h2>在线咨询</h2>
        <a className="s-btn" href="/aboutUs#consult">
          填写咨询信息
        </a>
      </div>
    </aside>
  );
}

function ArticlesPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'articles') return null;
  const { tabs, category, page } = data.content;
  const section = data.route;
  const first = tabs[0]?.category;
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (category !== first) params.set('category', String(category));
    if (n > 1) params.set('page', String(n));
    return params.size ? `${section}?${params}` : section;
  };
  const tabLabel = tabs.find((t) => t.category === category)?.label ?? '';
  return (
    <>
      <PageHead title={label(section)} trail={[{ text: label(section) }]} />
      <div className="s-wrap s-layout">
        <div>
          {tabs.length > 1 ? (
            <nav className="s-tabs" aria-label="栏目">
              {tabs.map((t) => (
                <a
                  key={t.category}
                  href={t.category === first ? section : `${section}?category=${t.category}`}
                  aria-current={t.category === category ? 'page' : undefined}
                >
                  {t.label}
                </a>
              ))}
            </nav>
          ) : null}
          {page.records.length ? (
            <ul className="s-article-list">
              {page.records.map((a) => (
                <li key={a.id}>
                  <a href={`/newsDetails?id=${a.id}`} className={a.coverUrl ? 's-has-cover' : undefined}>
                    {a.coverUrl ? (
                      <Cover className="s-list-cover" src={a.coverUrl} width={240} height={160} />
                    ) : null}
                    <h2>
                      {a.isTop ? <span className="s-pin">[置顶] </span> : null}
                      {a.title}
                    </h2>
                    {a.summary ? <p>{a.summary}</p> : null}
                    <span className="s-meta">
                      <span>{date(a.publishTime)}</span>
                      {a.source ? <span>来源：{a.source}</span> : null}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <Empty title={`暂无${tabLabel}`} hint="内容正在整理中，欢迎稍后再来查看。" />
          )}
          <Pager page={page} href={href} />
        </div>
        <SideContact site={data.site} />
      </div>
    </>
  );
}

function AboutPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'about') return null;
  return (
    <>
      <PageHead title="关于我们" trail={[{ text: '关于我们' }]} />
      <div className="s-wrap s-layout">
        <article className="s-article">
          {data.content.html ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save and again on render (server)
            <div className="s-rich" dangerouslySetInnerHTML={{ __html: data.content.html }} />
          ) : (
            <Empty title="公司介绍整理中" hint="如需了解我们，欢迎来电或在线咨询。" />
          )}
        </article>
        <SideContact site={data.site} />
      </div>
      <ConsultBand site={data.site} />
    </>
  );
}

function PrivacyPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'privacy') return null;
  return (
    <>
      <PageHead title="隐私政策" trail={[{ text: '隐私政策' }]} />
      <div className="s-wrap s-layout">
        <article className="s-article">
          <Rich html={data.content.html} />
        </article>
        <SideContact site={data.site} />
      </div>
    </>
  );
}

function DetailFrame({
  data,
  section,
  title,
  meta,
  children,
}: {
  data: PublicPageData;
  section: string;
  title: string;
  meta: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHead title={label(section)} trail={[{ href: section, text: label(section) }, { text: '正文' }]} />
      <div className="s-wrap s-layout">
        <div>
          <article className="s-article">
            <h1>{title}</h1>
            <div className="s-meta">{meta}</div>
            {children}
          </article>
          <a className="s-back" href={section}>
            ‹ 返回{label(section)}
          </a>
        </div>
        <SideContact site={data.site} />
      </div>
    </>
  );
}

function Rich({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save and again on render (server)
  return <div className="s-rich" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ArticleDetailPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'article') return null;
  const { article, section } = data.content;
  const isWechat = article.category === 5;
  return (
    <DetailFrame
      data={data}
      section={section}
      title={article.title}
      meta={
        <>
          <span>{article.categoryName}</span>
          <span>发布时间：{article.publishTime.slice(0, 16)}</span>
          {article.source ? <span>来源：{article.source}</span> : null}
          {article.author ? <span>作者：{article.author}</span> : null}
        </>
      }
    >
      {article.coverUrl ? (
        <Cover className="s-detail-cover" src={article.coverUrl} width={960} height={540} eager />
      ) : null}
      {article.summary ? <p className="s-lead">{article.summary}</p> : null}
      {/* The summary is the lead above: the fallback of an unreachable WeChat article does not repeat it. */}
      {isWechat ? <WechatArticle url={article.linkUrl} /> : <Rich html={article.content} />}
    </DetailFrame>
  );
}

function ProductDetailPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'product') return null;
  const { product, related } = data.content;
  return (
    <>
      <DetailFrame
        data={data}
        section={SECTION_OF_DETAIL['/productDetails'] ?? '/productServices'}
        title={product.name}
        meta={<span>{product.categoryName}</span>}
      >
        {product.coverUrl ? (
          <Cover className="s-detail-cover" src={product.coverUrl} width={960} height={540} eager />
        ) : null}
        {product.summary ? <p className="s-lead">{product.summary}</p> : null}
        <Rich html={product.content} />
      </DetailFrame>
      {related.length ? (
        <section className="s-section">
          <div className="s-wrap">
            <div className="s-section-head">
              <h2>其他服务</h2>
            </div>
            <ProductCards items={related} />
          </div>
        </section>
      ) : null}
      <ConsultBand site={data.site} service={serviceOfProductCategory(product.category)} />
    </>
  );
}

function CertificationDetailPage({ data }: { data: PublicPageData }) {
  if (data.content.kind !== 'certification') return null;
  const { certification, related } = data.content;
  return (
    <>
      <DetailFrame
        data={data}
        section="/productServices"
        title={certification.name}
        meta={
          certification.standard ? <span>认证标准：{certification.standard}</span> : <span>体系认证</span>
        }
      >
        {certification.coverUrl ? (
          <Cover className="s-detail-cover" src={certification.coverUrl} width={960} height={540} eager />
        ) : null}
        {certification.summary ? <p className="s-lead">{certification.summary}</p> : null}
        <Rich html={certification.content} />
      </DetailFrame>
      {related.length ? (
        <section className="s-section">
          <div className="s-wrap">
            <div className="s-section-head">
              <h2>其他认证</h2>
            </div>
            <CertificationCards items={related} />
          </div>
        </section>
      ) : null}
      <ConsultBand site={data.site} service="体系认证" />
    </>
  );
}

function NotFoundPage() {
  return (
    <>
      <PageHead title="页面不存在" trail={[{ text: '404' }]} />
      <div className="s-wrap" style={{ paddingTop: 32 }}>
        <div className="s-empty">
          <strong>抱歉，您访问的页面不存在或已下线</strong>
          <p>
            <a className="s-btn" href="/">
              返回首页
            </a>
          </p>
        </div>
      </div>
    </>
  );
}

function Page({ data }: { data: PublicPageData }) {
  switch (data.content.kind) {
    case 'home':
      return <HomePage data={data} />;
    case 'products':
      return <ProductsPage data={data} />;
    case 'articles':
      return <ArticlesPage data={data} />;
    case 'about':
      return <AboutPage data={data} />;
    case 'privacy':
      return <PrivacyPage data={data} />;
    case 'article':
      return <ArticleDetailPage data={data} />;
    case 'product':
      return <ProductDetailPage data={data} />;
    case 'certification':
      return <CertificationDetailPage data={data} />;
    default:
      return <NotFoundPage />;
  }
}

/** The section a page belongs to (the header marks it). */
export function currentSection(data: PublicPageData): string {
  if (data.content.kind === 'article') return data.content.section;
  return SECTION_OF_DETAIL[data.route] ?? data.route;
}

export function SiteApp({ data }: { data: PublicPageData }) {
  return (
    <>
      <a className="s-skip" href="#main">
        跳到正文
      </a>
      <Header site={data.site} current={currentSection(data)} />
      <main id="main" className="s-main">
        <Page data={data} />
      </main>
      <Footer site={data.site} />
      <MobileActions site={data.site} kind={data.content.kind} />
    </>
  );
}
