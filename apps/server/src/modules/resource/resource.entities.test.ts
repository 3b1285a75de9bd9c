import { ossEntity, regionEntity } from '@cube/contract';
import { runCrudKit } from '../../../test/kit/crud-kit.js';

/** The resource entities through the CRUD test kit; attachments are made by uploads and tested in files.test.ts. */
runCrudKit({
  entity: ossEntity,
  table: 'cubeOss',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ ossCode: `kit-oss-${n}`, category: 0, remark: '本地存储' }),
  change: { remark: '已修改', region: 'cn-north-1' },
  invalid: [
    { input: { ossCode: '' }, message: ossEntity.messages.codeRequired },
    { input: { ossCode: null }, message: ossEntity.messages.codeRequired },
    { input: { ossCode: 'a b' }, message: ossEntity.messages.codeInvalid },
    { input: { ossCode: 'x'.repeat(65) }, message: '长度不能超过64个字符' },
    { input: { category: '' }, message: ossEntity.messages.categoryRequired },
    { input: { category: 9 }, message: ossEntity.messages.categoryRequired },
    { input: { category: 1 }, message: ossEntity.messages.endpointRequired },
    { input: { category: 1, endpoint: 'ftp://x' }, message: ossEntity.messages.endpointInvalid },
    {
      input: { category: 3, endpoint: 'https://oss-cn-hangzhou.aliyuncs.com' },
      message: ossEntity.messages.accessKeyRequired,
    },
    {
      input: { category: 1, endpoint: 'http://127.0.0.1:9000', accessKey: 'ak', bucketName: 'Bad_Bucket' },
      message: ossEntity.messages.bucketInvalid,
    },
    {
      input: { category: 1, endpoint: 'http://127.0.0.1:9000', accessKey: 'ak', bucketName: 'files' },
      message: ossEntity.messages.secretKeyRequired,
    },
  ],
  optional: ['endpoint', 'accessKey', 'secretKey', 'bucketName', 'region', 'remark'],
});

runCrudKit({
  entity: regionEntity,
  table: 'cubeRegion',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  // Under 北京市 (11): a code that nests under its parent's, at the city level.
  sample: (n) => ({
    code: `1199${String(n).padStart(4, '0')}`,
    parentCode: '11',
    name: `测试区划${n}`,
    regionLevel: 2,
  }),
  change: { name: '改名后的区划', sort: 5, remark: '备注' },
  invalid: [
    { input: { code: '' }, message: regionEntity.messages.codeRequired },
    { input: { code: 'abc' }, message: regionEntity.messages.codeInvalid },
    { input: { code: '1' }, message: regionEntity.messages.codeInvalid },
    { input: { name: '' }, message: regionEntity.messages.nameRequired },
    { input: { name: 'x'.repeat(65) }, message: '长度不能超过64个字符' },
    { input: { parentCode: '' }, message: regionEntity.messages.parentRequired },
    { input: { parentCode: '98' }, message: regionEntity.messages.parentMissing },
    { input: { code: '2201' }, message: regionEntity.messages.codePrefix },
    { input: { code: '110101' }, message: regionEntity.messages.codeExists },
    { input: { regionLevel: 'x' }, message: regionEntity.messages.levelInvalid },
    { input: { regionLevel: 9 }, message: regionEntity.messages.levelInvalid },
    { input: { sort: -1 }, message: regionEntity.messages.sortInvalid },
  ],
  optional: ['regionLevel', 'sort', 'remark'],
});
