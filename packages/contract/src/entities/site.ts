import { z } from 'zod';
import { ARTICLE_CATEGORY_LABELS } from '../article-categories.js';
import { DATE_TIME_REGEX, isRealDateTime } from '../dates.js';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

/**
 * The public website's content: articles, products/services, certifications (体系认证) and home
 * banners, each owned by one tenant and shown on the site of that tenant's domain. A row is on the public site
 * only while `isPublish` is 1 and its `publishTime` has come; drafts never leave the console.
 */

export {
  ARTICLE_CATEGORY_LABELS,
  ArticleCategory,
  type ArticleCategoryKey,
} from '../article-categories.js';

/** Product/service lines of an IP agency (the product-services page groups by these). */
export const PRODUCT_CATEGORY_LABELS: Record<number, string> = {
  1: '专利代理',
  2: '商标代理',
  3: '版权登记',
  4: '知识产权咨询',
};

export const PUBLISH_LABELS: Record<number, string> = { 0: '草稿', 1: '已发布' };

const siteMessages = {
  coverInvalid: '图片地址须以 http://、https:// 或 / 开头',
  linkInvalid: '链接地址须以 http://、https:// 或 / 开头',
  wechatLinkInvalid: '公众号文章链接须以 https:// 开头',
  wechatLinkRequired: '请输入公众号文章链接',
  publishTimeInvalid: '发布时间格式不正确',
  publishInvalid: '请选择发布状态',
  sortInvalid: '排序须为 0 到 99999 的整数',
  contentTooLong: '正文不能超过200000个字符',
} as const;

/** A link or image address a page may show: absolute http(s) or a path on this site, never `javascript:`. */
const SAFE_URL = /^(https?:\/\/[^\s<>"']+|\/(?!\/)[^\s<>"']*)$/;

const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

const urlText = (max: number, message: string) =>
  z.preprocess(
    nullToUndefined,
    z
      .string()
      .trim()
      .max(max, `长度不能超过${max}个字符`)
      .refine((v) => v === '' || SAFE_URL.test(v), message)
      .optional()
      .default(''),
  );

const flag = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(0, message).max(1, message).optional().default(0),
  );

const sortField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.coerce
    .number({ error: siteMessages.sortInvalid })
    .int(siteMessages.sortInvalid)
    .min(0, siteMessages.sortInvalid)
    .max(99_999, siteMessages.sortInvalid)
    .optional()
    .default(0),
);

/** Blank (or absent) is `null`: the server stamps the moment of publishing; a future time schedules the row. */
const publishTime = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (DATE_TIME_REGEX.test(v) && isRealDateTime(v)),
      siteMessages.publishTimeInvalid,
    )
    .optional()
    .transform((v) => v || null),
);

const richText = z.preprocess(
  nullToUndefined,
  z.string().max(200_000, siteMessages.contentTooLong).optional().default(''),
);

const categoryOf = (labels: Record<number, string>, message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce
      .number({ error: message })
      .int(message)
      .refine((n) => n in labels, message),
  );

const publishRecord = { isPublish: z.number(), publishTime: z.string() };

const articleMessages = {
  ...siteMessages,
  titleRequired: '请输入文章标题',
  categoryRequired: '请选择文章分类',
} as const;
const articleLimits = {
  title: 200,
  author: 64,
  source: 100,
  coverUrl: 500,
  summary: 500,
  linkUrl: 1000,
  content: 200_000,
} as const;

/** Articles: news, party-building news (getDjyw), policies (getZc), science education and WeChat article links. */
export const articleEntity = defineEntity({
  name: 'portalArticle',
  api: '/api/cube-cr/article',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    category: z.number(),
    title: z.string(),
    author: z.string(),
    source: z.string(),
    coverUrl: z.string(),
    summary: z.string(),
    content: z.string(),
    linkUrl: z.string(),
    isTop: z.number(),
    ...publishRecord,
    ...auditRecordShape,
  }),
  // A WeChat article's https link is checked by the server's save hook (a refinement here would stop `.extend`).
  input: z.object({
    category: categoryOf(ARTICLE_CATEGORY_LABELS, articleMessages.categoryRequired),
    title: requiredText(articleMessages.titleRequired, articleLimits.title),
    author: optionalText(articleLimits.author),
    source: optionalText(articleLimits.source),
    coverUrl: urlText(articleLimits.coverUrl, articleMessages.coverInvalid),
    summary: optionalText(articleLimits.summary),
    content: richText,
    linkUrl: urlText(articleLimits.linkUrl, articleMessages.linkInvalid),
    isTop: flag(articleMessages.publishInvalid),
    isPublish: flag(articleMessages.publishInvalid),
    publishTime,
  }),
  filters: {
    id: 'id',
    title: 'string',
    category: 'integer',
    isTop: 'integer',
    isPublish: 'integer',
    publishTime: 'date',
    createTime: 'date',
    updateTime: 'date',
  },
  // The console lists the newest first (a new draft has no publish time yet); the site orders by pin and time.
  defaultOrder: [
    { field: 'createTime', direction: 'desc' },
    { field: 'id', direction: 'desc' },
  ],
  permissions: {
    read: 'portal_article',
    add: 'portal_article_add',
    edit: 'portal_article_edit',
    remove: 'portal_article_delete',
    view: 'portal_article_view',
  },
  messages: articleMessages,
  limits: articleLimits,
});
export type PortalArticle = RecordOf<typeof articleEntity>;

const productMessages = {
  ...siteMessages,
  nameRequired: '请输入服务名称',
  categoryRequired: '请选择服务类别',
} as const;
const productLimits = { name: 100, coverUrl: 500, summary: 500, content: 200_000 } as const;

/** Products and services of the agency (patent, trademark, copyright …): the product-services page. */
export const productEntity = defineEntity({
  name: 'portalProduct',
  api: '/api/cube-cr/product',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    category: z.number(),
    name: z.string(),
    coverUrl: z.string(),
    summary: z.string(),
    content: z.string(),
    sort: z.number(),
    ...publishRecord,
    ...auditRecordShape,
  }),
  input: z.object({
    category: categoryOf(PRODUCT_CATEGORY_LABELS, productMessages.categoryRequired),
    name: requiredText(productMessages.nameRequired, productLimits.name),
    coverUrl: urlText(productLimits.coverUrl, productMessages.coverInvalid),
    summary: optionalText(productLimits.summary),
    content: richText,
    sort: sortField,
    isPublish: flag(productMessages.publishInvalid),
    publishTime,
  }),
  filters: {
    id: 'id',
    name: 'string',
    category: 'integer',
    isPublish: 'integer',
    sort: 'integer',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'portal_product',
    add: 'portal_product_add',
    edit: 'portal_product_edit',
    remove: 'portal_product_delete',
    view: 'portal_product_view',
  },
  messages: productMessages,
  limits: productLimits,
});
export type PortalProduct = RecordOf<typeof productEntity>;

const certificationMessages = {
  ...siteMessages,
  nameRequired: '请输入认证名称',
} as const;
const certificationLimits = {
  name: 100,
  standard: 100,
  coverUrl: 500,
  summary: 500,
  content: 200_000,
} as const;

/** Certification services (体系认证: ISO 9001, 知识产权管理体系 …): the system-details pages. */
export const certificationEntity = defineEntity({
  name: 'portalCertification',
  api: '/api/cube-cr/certification',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    standard: z.string(),
    coverUrl: z.string(),
    summary: z.string(),
    content: z.string(),
    sort: z.number(),
    ...publishRecord,
    ...auditRecordShape,
  }),
  input: z.object({
    name: requiredText(certificationMessages.nameRequired, certificationLimits.name),
    standard: optionalText(certificationLimits.standard),
    coverUrl: urlText(certificationLimits.coverUrl, certificationMessages.coverInvalid),
    summary: optionalText(certificationLimits.summary),
    content: richText,
    sort: sortField,
    isPublish: flag(certificationMessages.publishInvalid),
    publishTime,
  }),
  filters: {
    id: 'id',
    name: 'string',
    standard: 'string',
    isPublish: 'integer',
    sort: 'integer',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'portal_certification',
    add: 'portal_certification_add',
    edit: 'portal_certification_edit',
    remove: 'portal_certification_delete',
    view: 'portal_certification_view',
  },
  messages: certificationMessages,
  limits: certificationLimits,
});
export type PortalCertification = RecordOf<typeof certificationEntity>;

const bannerMessages = {
  ...siteMessages,
  titleRequired: '请输入轮播标题',
  imageRequired: '请上传轮播图片',
} as const;
const bannerLimits = { title: 100, subtitle: 200, imageUrl: 500, linkUrl: 500 } as const;

/** Home-page banners (the hero of `/`), shown in `sort` order. */
export const bannerEntity = defineEntity({
  name: 'portalBanner',
  api: '/api/cube-cr/banner',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    title: z.string(),
    subtitle: z.string(),
    imageUrl: z.string(),
    linkUrl: z.string(),
    sort: z.number(),
    ...publishRecord,
    ...auditRecordShape,
  }),
  input: z.object({
    title: requiredText(bannerMessages.titleRequired, bannerLimits.title),
    subtitle: optionalText(bannerLimits.subtitle),
    imageUrl: urlText(bannerLimits.imageUrl, bannerMessages.coverInvalid),
    linkUrl: urlText(bannerLimits.linkUrl, bannerMessages.linkInvalid),
    sort: sortField,
    isPublish: flag(bannerMessages.publishInvalid),
    publishTime,
  }),
  filters: {
    id: 'id',
    title: 'string',
    isPublish: 'integer',
    sort: 'integer',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'portal_banner',
    add: 'portal_banner_add',
    edit: 'portal_banner_edit',
    remove: 'portal_banner_delete',
    view: 'portal_banner_view',
  },
  messages: bannerMessages,
  limits: bannerLimits,
});
export type PortalBanner = RecordOf<typeof bannerEntity>;

/**
 * A tenant's branding, contact details and about-us page: one record per tenant, kept as branding resources
 * (`cube_site_resource`, the rows site info already merges over the platform's), edited on the 站点设置 screen.
 */
export const SITE_SETTING_CODES = [
  'title',
  'loginTitle',
  'indexTitle',
  'logo',
  'favicon',
  'primaryColor',
  'description',
  'keywords',
  'icp',
  'copyright',
  'companyName',
  'contactPhone',
  'contactEmail',
  'contactAddress',
  'workHours',
  'aboutUs',
  'policeRecord',
  'wechatQr',
  'privacyPolicy',
] as const;
export type SiteSettingCode = (typeof SITE_SETTING_CODES)[number];

export const siteSettingMessages = {
  titleRequired: '请输入站点标题',
  colorInvalid: '主题色须为 #RRGGBB 格式',
  phoneInvalid: '联系电话格式不正确',
  emailInvalid: '邮箱格式不正确',
  logoInvalid: siteMessages.coverInvalid,
  aboutTooLong: '关于我们不能超过50000个字符',
  privacyTooLong: '隐私政策不能超过50000个字符',
} as const;

export const siteSettingSchema = z.object({
  title: requiredText(siteSettingMessages.titleRequired, 100),
  loginTitle: optionalText(100),
  indexTitle: optionalText(100),
  logo: urlText(500, siteSettingMessages.logoInvalid),
  favicon: urlText(500, siteSettingMessages.logoInvalid),
  primaryColor: z.preprocess(
    nullToUndefined,
    z
      .string()
      .trim()
      .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), siteSettingMessages.colorInvalid)
      .optional()
      .default(''),
  ),
  description: optionalText(300),
  keywords: optionalText(200),
  icp: optionalText(64),
  copyright: optionalText(200),
  companyName: optionalText(100),
  contactPhone: z.preprocess(
    nullToUndefined,
    z
      .string()
      .trim()
      .refine((v) => v === '' || /^[0-9+\-() ]{5,30}$/.test(v), siteSettingMessages.phoneInvalid)
      .optional()
      .default(''),
  ),
  contactEmail: z.preprocess(
    nullToUndefined,
    z
      .string()
      .trim()
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), siteSettingMessages.emailInvalid)
      .optional()
      .default(''),
  ),
  contactAddress: optionalText(200),
  workHours: optionalText(100),
  aboutUs: z.preprocess(
    nullToUndefined,
    z.string().max(50_000, siteSettingMessages.aboutTooLong).optional().default(''),
  ),
  /** 公安机关互联网站安全备案号 (the footer links it to the national filing site). */
  policeRecord: optionalText(64),
  /** The WeChat official account's QR code image (footer). */
  wechatQr: urlText(500, siteSettingMessages.logoInvalid),
  /** The privacy page's text (rich text); empty shows the default notice. */
  privacyPolicy: z.preprocess(
    nullToUndefined,
    z.string().max(50_000, siteSettingMessages.privacyTooLong).optional().default(''),
  ),
});
export type SiteSetting = z.output<typeof siteSettingSchema>;

export const SITE_SETTING_API = '/api/cube-cr/site/setting';
export const SITE_SETTING_PERMISSION = { read: 'portal_site', edit: 'portal_site_edit' } as const;

/* ---------- What the public site's pages receive (server-rendered, then hydrated from the same data) ---------- */

export interface PublicArticleSummary {
  id: string;
  category: number;
  categoryName: string;
  title: string;
  author: string;
  source: string;
  coverUrl: string;
  summary: string;
  linkUrl: string;
  isTop: number;
  publishTime: string;
}
export interface PublicArticle extends PublicArticleSummary {
  content: string;
}
export interface PublicProductSummary {
  id: string;
  category: number;
  categoryName: string;
  name: string;
  coverUrl: string;
  summary: string;
}
export interface PublicProduct extends PublicProductSummary {
  content: string;
}
export interface PublicCertificationSummary {
  id: string;
  name: string;
  standard: string;
  coverUrl: string;
  summary: string;
}
export interface PublicCertification extends PublicCertificationSummary {
  content: string;
}
export interface PublicBanner {
  id: string;
  title: string;
  subtitle: string;
  imageUrl: string;
  linkUrl: string;
}
export interface PublicPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Branding and contact details of the site's tenant (empty strings when not set). */
export interface PublicSiteProfile {
  tenantId: string;
  title: string;
  indexTitle: string;
  logo: string;
  favicon: string;
  primaryColor: string;
  description: string;
  keywords: string;
  icp: string;
  copyright: string;
  companyName: string;
  contactPhone: string;
  contactEmail: string;
  contactAddress: string;
  workHours: string;
  /** 公安备案号 and the WeChat QR code image shown in the footer. */
  policeRecord: string;
  wechatQr: string;
}

/** The customer-information form's fields (`POST /api/cube-pr/prkhzx/submit`). */
export interface CustomerInquiry {
  name: string;
  phone: string;
  company: string;
  service: string;
  message: string;
}
