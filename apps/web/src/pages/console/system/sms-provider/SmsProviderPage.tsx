import { SMS_CATEGORIES, type SmsProvider, smsProviderEntity } from '@cube/contract';
import { Input, Tag } from 'antd';
import { smsProviderApi } from '../../../../api/signin';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
  type MessageKey,
} from '../../../../components/crud';
import { i18n } from '../../../../lib/i18n';

const categoryOptions = SMS_CATEGORIES.map((c) => ({
  value: c.value,
  label: `screens.smsProvider.category${c.value}` as MessageKey,
}));
const enabledOptions = [
  { value: 1, label: 'screens.smsProvider.enabledYes' as MessageKey },
  { value: 0, label: 'screens.smsProvider.enabledNo' as MessageKey },
];

/** The AccessKey secret: a password input; the saved one reads back as a mask, which a save leaves unchanged. */
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

const fields = entityFields(smsProviderEntity, [
  { name: 'name', search: true, table: { width: 160 } },
  {
    name: 'category',
    type: 'select',
    options: categoryOptions,
    search: true,
    initialValue: 1,
    table: {
      width: 130,
      render: (value) => (
        <Tag color="blue">{i18n.t(`screens.smsProvider.category${Number(value)}` as never)}</Tag>
      ),
    },
  },
  { name: 'accessKeyId', table: { width: 180, ellipsis: true } },
  {
    name: 'accessKeySecret',
    control: SecretInput,
    help: 'screens.smsProvider.secretHelp',
    table: false,
    view: false,
  },
  { name: 'signName', table: { width: 140 } },
  { name: 'templateCode', help: 'screens.smsProvider.templateHelp', table: { width: 140 } },
  { name: 'templateParam', help: 'screens.smsProvider.templateParamHelp', table: false },
  { name: 'sdkAppId', help: 'screens.smsProvider.sdkAppIdHelp', table: false },
  { name: 'region', help: 'screens.smsProvider.regionHelp', table: false },
  {
    name: 'enabled',
    type: 'select',
    options: enabledOptions,
    initialValue: 1,
    search: true,
    help: 'screens.smsProvider.enabledHelp',
    table: {
      width: 100,
      render: (value) =>
        Number(value) === 1 ? (
          <Tag color="success">{i18n.t('screens.smsProvider.enabledYes')}</Tag>
        ) : (
          <Tag>{i18n.t('screens.smsProvider.enabledNo')}</Tag>
        ),
    },
  },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField({ search: false, table: false }),
]);

/**
 * 短信服务: this tenant's SMS service for phone sign-in codes — Alibaba Cloud or Tencent Cloud, one
 * enabled at a time. Without one, codes go to the server log outside production.
 */
export default function SmsProviderPage() {
  return (
    <CrudPage<SmsProvider>
      resource={smsProviderEntity.name}
      api={smsProviderApi}
      fields={fields}
      permissions={entityPermissions(smsProviderEntity)}
    />
  );
}
