import { clientEntity, dictBizEntity, dictEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** The dictionaries and OAuth clients through the CRUD test kit; their own rules are in dict.test.ts, client.test.ts. */
const stamp = Date.now();

const dictCase = {
  sample: (n: number) => ({
    code: `kit_dict_${n}_${stamp}`,
    dictValue: `测试字典${n}`,
    dictKey: '-1',
    sort: n,
    isSealed: 0,
  }),
  change: { dictValue: '已修改的字典', sort: 9, isSealed: 1, remark: '备注' },
  optional: ['parentId', 'remark'] as const,
};

const dictInvalid = (existingCode: string, m: typeof dictEntity.messages) => [
  { input: { code: '' }, message: m.codeRequired },
  { input: { code: null }, message: m.codeRequired },
  { input: { code: 'has space' }, message: m.codeInvalid },
  { input: { dictValue: '' }, message: m.dictValueRequired },
  { input: { dictValue: 'x'.repeat(256) }, message: '长度不能超过255个字符' },
  { input: { sort: '' }, message: m.sortRequired },
  { input: { sort: 'abc' }, message: m.sortRequired },
  { input: { sort: 1.5 }, message: m.sortRequired },
  { input: { dictKey: '' }, message: m.dictKeyRequired },
  { input: { dictKey: null }, message: m.dictKeyRequired },
  { input: { isSealed: 'x' }, message: m.isSealedRequired },
  { input: { isSealed: 2 }, message: m.isSealedRequired },
  { input: { code: existingCode }, message: m.keyExists },
];

runCrudKit({
  entity: dictBizEntity,
  table: 'cubeDictBiz',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  ...dictCase,
  invalid: dictInvalid('flow', dictBizEntity.messages),
});

runCrudKit({
  entity: dictEntity,
  table: 'cubeDict',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  ...dictCase,
  invalid: dictInvalid('sex', dictEntity.messages),
});

const m = clientEntity.messages;
runCrudKit({
  entity: clientEntity,
  table: 'cubeClient',
  admin: 'platformAdmin',
  outsider: 'tenantAdmin',
  sample: (n) => ({
    clientId: `kit_client_${n}_${stamp}`,
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604_800,
  }),
  change: {
    authorizedGrantTypes: 'refresh_token,password,authorization_code',
    accessTokenValidity: 7200,
    refreshTokenValidity: 86_400,
    webServerRedirectUri: 'https://example.com/callback',
    additionalInformation: '{"note":"测试"}',
  },
  invalid: [
    { input: { clientId: '' }, message: m.clientIdRequired },
    { input: { clientId: 'a b' }, message: m.clientIdInvalid },
    { input: { clientId: 'cube_web' }, message: m.clientIdExists },
    { input: { clientSecret: 'short' }, message: m.clientSecretTooShort },
    { input: { scope: '' }, message: m.scopeRequired },
    { input: { authorizedGrantTypes: '' }, message: m.grantTypesRequired },
    { input: { authorizedGrantTypes: 'password,magic' }, message: m.grantTypesInvalid },
    { input: { accessTokenValidity: '' }, message: m.accessValidityRequired },
    { input: { accessTokenValidity: 0 }, message: m.accessValidityRequired },
    { input: { refreshTokenValidity: 'x' }, message: m.refreshValidityRequired },
    { input: { webServerRedirectUri: 'javascript:alert(1)' }, message: m.redirectInvalid },
  ],
  optional: ['webServerRedirectUri', 'additionalInformation', 'resourceIds', 'authorities', 'autoapprove'],
});
