import { OAUTH_CATEGORIES, type OauthProvider, oauthProviderEntity } from '@cube/contract';
import { Input, Tag } from 'antd';
import { oauthProviderApi } from '../../../../api/signin';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
  type MessageKey,
} from '../../../../components/crud';
import { i18n } from '../../../../lib/i18n';

const categoryOptions = OAUTH_CATEGORIES.map((c) => ({
  value: c.value,
  label: `screens.oauthProvider.category${c.value}` as MessageKey,
}));
const enabledOptions = [
  { value: 1, label: 'screens.oauthProvider.enabledYes' as MessageKey },
  { value: 0, label: 'screens.oauthProvider.enabledNo' as MessageKey },
];

/** The client secret: a password input; the saved one reads back as a mask, which a save leaves unchanged. */
function SecretInput({ value, onChange, disabled, id }: CrudControlProps) {
  return (
    <Input.Password
      id={id}
      disabled={disabled}
      value={(value as string) ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      autoComplete="new-password"
      visibilityToggle={false}
    />
  );
}

const fields = entityFields(oauthProviderEntity, [
  { name: 'source', search: true, help: 'screens.oauthProvider.callbackHelp', table: { width: 130 } },
  { name: 'name', search: true, table: { width: 140 } },
  {
    name: 'category',
    type: 'select',
    options: categoryOptions,
    search: true,
    initialValue: 1,
    table: {
      width: 150,
      render: (value) => (
        <Tag color="blue">{i18n.t(`screens.oauthProvider.category${Number(value)}` as never)}</Tag>
      ),
    },
  },
  { name: 'clientId', table: { width: 180, ellipsis: true } },
  {
    name: 'clientSecret',
    control: SecretInput,
    help: 'screens.oauthProvider.secretHelp',
    table: false,
    view: false,
  },
  { name: 'scope', table: false },
  { name: 'issuer', help: 'screens.oauthProvider.issuerHelp', table: { ellipsis: true } },
  { name: 'authorizeUrl', help: 'screens.oauthProvider.urlsHelp', table: false },
  { name: 'tokenUrl', table: false },
  { name: 'userinfoUrl', table: false },
  {
    name: 'enabled',
    type: 'select',
    options: enabledOptions,
    initialValue: 1,
    search: true,
    table: {
      width: 100,
      render: (value) =>
        Number(value) === 1 ? (
          <Tag color="success">{i18n.t('screens.oauthProvider.enabledYes')}</Tag>
        ) : (
          <Tag>{i18n.t('screens.oauthProvider.enabledNo')}</Tag>
        ),
    },
  },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField({ search: false, table: false }),
]);

/**
 * 第三方登录: this tenant's identity providers — OpenID Connect by its issuer, plain OAuth 2.0 by its
 * three addresses, or Gitee, DingTalk and the WeChat open platform (their official addresses unless replaced).
 * An enabled one puts its button on the login page.
 */
export default function OauthProviderPage() {
  return (
    <CrudPage<OauthProvider>
      resource={oauthProviderEntity.name}
      api={oauthProviderApi}
      fields={fields}
      permissions={entityPermissions(oauthProviderEntity)}
    />
  );
}
