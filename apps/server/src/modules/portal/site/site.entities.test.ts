import { articleEntity, bannerEntity, certificationEntity, productEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** The public website's content entities through the CRUD test kit; behaviour in public-site.test.ts. */
runCrudKit({
  entity: articleEntity,
  table: 'cubeCrArticle',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    category: 1,
    title: `测试文章${n}`,
    source: '测试来源',
    summary: '摘要',
    content: '<p>正文</p>',
    isPublish: 0,
  }),
  change: { title: '已修改的文章', category: 3, isTop: 1 },
  invalid: [
    { input: { title: '' }, message: articleEntity.messages.titleRequired },
    { input: { title: '   ' }, message: articleEntity.messages.titleRequired },
    { input: { title: 'x'.repeat(201) }, message: '长度不能超过200个字符' },
    { input: { category: '' }, message: articleEntity.messages.categoryRequired },
    { input: { category: 9 }, message: articleEntity.messages.categoryRequired },
    { input: { coverUrl: 'javascript:alert(1)' }, message: articleEntity.messages.coverInvalid },
    { input: { linkUrl: '//evil.example/x' }, message: articleEntity.messages.linkInvalid },
    { input: { publishTime: '2026-02-30 09:00:00' }, message: articleEntity.messages.publishTimeInvalid },
    { input: { isPublish: 2 }, message: articleEntity.messages.publishInvalid },
    { input: { category: 5, linkUrl: '' }, message: articleEntity.messages.wechatLinkRequired },
    {
      input: { category: 5, linkUrl: 'http://mp.weixin.qq.com/s/x' },
      message: articleEntity.messages.wechatLinkInvalid,
    },
    { input: { content: 'x'.repeat(200_001) }, message: articleEntity.messages.contentTooLong },
  ],
  optional: ['author', 'source', 'coverUrl', 'summary', 'content', 'linkUrl', 'publishTime'],
});

runCrudKit({
  entity: productEntity,
  table: 'cubeCrProduct',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ category: 1, name: `测试服务${n}`, summary: '摘要', sort: n }),
  change: { name: '已修改的服务', category: 2 },
  invalid: [
    { input: { name: '' }, message: productEntity.messages.nameRequired },
    { input: { name: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
    { input: { category: 0 }, message: productEntity.messages.categoryRequired },
    { input: { sort: -1 }, message: productEntity.messages.sortInvalid },
    { input: { coverUrl: 'data:image/png;base64,AAAA' }, message: productEntity.messages.coverInvalid },
  ],
  optional: ['coverUrl', 'summary', 'content', 'publishTime'],
});

runCrudKit({
  entity: certificationEntity,
  table: 'cubeCrCertification',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ name: `测试认证${n}`, standard: 'ISO 9001:2015', sort: n }),
  change: { name: '已修改的认证', standard: 'ISO 14001:2015' },
  invalid: [
    { input: { name: '' }, message: certificationEntity.messages.nameRequired },
    { input: { standard: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
    { input: { sort: 100_000 }, message: certificationEntity.messages.sortInvalid },
  ],
  optional: ['standard', 'coverUrl', 'summary', 'content', 'publishTime'],
});

runCrudKit({
  entity: bannerEntity,
  table: 'cubeCrBanner',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ title: `测试轮播${n}`, subtitle: '副标题', linkUrl: '/productServices', sort: n }),
  change: { title: '已修改的轮播', isPublish: 1 },
  invalid: [
    { input: { title: '' }, message: bannerEntity.messages.titleRequired },
    { input: { linkUrl: 'javascript:alert(1)' }, message: bannerEntity.messages.linkInvalid },
    { input: { imageUrl: 'ftp://x/y.png' }, message: bannerEntity.messages.coverInvalid },
  ],
  optional: ['subtitle', 'imageUrl', 'linkUrl', 'publishTime'],
});
