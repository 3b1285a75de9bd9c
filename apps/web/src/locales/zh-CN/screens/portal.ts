import {
  articleEntity,
  bannerEntity,
  certificationEntity,
  productEntity,
  siteSettingMessages,
} from '@cube/contract';

/** The 门户管理 screens (public website content); validation messages verbatim from the contract. */
const publish = {
  isPublish: '发布状态',
  publishTime: '发布时间',
  publishTimeHelp: '留空则在发布时取当前时间；填写将来的时间则到时自动上线',
  draft: '草稿',
  published: '已发布',
  sort: '排序',
  coverUrl: '封面图片',
  summary: '摘要',
  content: '正文',
  preview: '预览',
};

export const portalArticle = {
  ...publish,
  category: '文章分类',
  title: '文章标题',
  author: '作者',
  source: '来源',
  linkUrl: '公众号文章链接',
  linkUrlHelp: '公众号文章分类必填，须为 https:// 开头的微信文章地址',
  isTop: '置顶',
  catNews: '新闻动态',
  catParty: '党建要闻',
  catPolicy: '政策法规',
  catScience: '科普教育',
  catWechat: '公众号文章',
  ...articleEntity.messages,
};

export const portalProduct = {
  ...publish,
  category: '服务类别',
  name: '服务名称',
  catPatent: '专利代理',
  catTrademark: '商标代理',
  catCopyright: '版权登记',
  catConsulting: '知识产权咨询',
  ...productEntity.messages,
};

export const portalCertification = {
  ...publish,
  name: '认证名称',
  standard: '认证标准',
  ...certificationEntity.messages,
};

export const portalBanner = {
  ...publish,
  title: '轮播标题',
  subtitle: '副标题',
  imageUrl: '背景图片',
  linkUrl: '跳转链接',
  ...bannerEntity.messages,
};

export const portalSite = {
  heading: '站点设置',
  intro: '这里的品牌、联系方式和关于我们内容会显示在本租户域名下的门户网站和登录页，保存后立即生效。',
  brand: '品牌',
  contact: '联系方式',
  seo: '搜索引擎',
  about: '关于我们',
  title: '站点标题',
  loginTitle: '登录页标题',
  indexTitle: '首页标题',
  logo: '标志',
  favicon: '网站图标',
  primaryColor: '主题色',
  description: '站点描述',
  keywords: '关键词',
  icp: 'ICP备案号',
  copyright: '版权信息',
  companyName: '公司名称',
  contactPhone: '联系电话',
  contactEmail: '电子邮箱',
  contactAddress: '公司地址',
  workHours: '服务时间',
  aboutUs: '关于我们',
  policeRecord: '公安备案号',
  wechatQr: '公众号二维码',
  privacy: '隐私政策',
  privacyHint: '显示在网站的隐私政策页和咨询表单的同意声明中；留空时显示默认的隐私政策。',
  save: '保存',
  openSite: '查看网站',
  saved: '更新成功',
  ...siteSettingMessages,
};
