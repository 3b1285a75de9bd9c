import { ApiOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { OSS_CATEGORIES, OSS_ENABLED, type Oss, ossEntity } from '@cube/contract';
import { App, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enableOss, ossApi, testOss } from '../../../../api/ossConfig';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
  type MessageKey,
} from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { useMessageApi } from '../../../../lib/feedback';
import { i18n } from '../../../../lib/i18n';

const categoryOptions = OSS_CATEGORIES.map((c) => ({
  value: c.value,
  label: `screens.oss.category${c.value}` as MessageKey,
}));

/** The secret key field: a password input; the saved key reads back as a mask, which a save leaves unchanged. */
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

const fields = entityFields(ossEntity, [
  { name: 'ossCode', search: true, table: { width: 140 } },
  {
    name: 'category',
    type: 'select',
    options: categoryOptions,
    search: true,
    initialValue: 1,
    table: {
      width: 150,
      render: (value) => <Tag color="blue">{i18n.t(`screens.oss.category${Number(value)}` as never)}</Tag>,
    },
  },
  {
    name: 'status',
    form: false,
    table: {
      width: 110,
      render: (value) =>
        Number(value) === OSS_ENABLED ? (
          <Tag color="success">{i18n.t('screens.oss.statusEnabled')}</Tag>
        ) : (
          <Tag>{i18n.t('screens.oss.statusDisabled')}</Tag>
        ),
    },
  },
  { name: 'endpoint', help: 'screens.oss.endpointHelp', table: { width: 220, ellipsis: true } },
  { name: 'bucketName', table: { width: 140 } },
  { name: 'accessKey', table: false },
  { name: 'secretKey', control: SecretInput, help: 'screens.oss.secretKeyHelp', table: false, view: false },
  { name: 'region', table: false },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField({ search: false, table: false }),
]);

/**
 * 对象存储: where this tenant's uploads go — the server's disk, or an S3-compatible store (MinIO,
 * Alibaba Cloud, Tencent Cloud, Qiniu). One configuration is enabled at a time; 测试连接 asks the store for the
 * bucket with the saved credentials.
 */
export default function OssPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  return (
    <CrudPage<Oss>
      resource={ossEntity.name}
      api={ossApi}
      fields={fields}
      permissions={entityPermissions(ossEntity)}
      actionWidth={270}
      rowActions={[
        {
          key: 'enable',
          label: 'screens.oss.enable',
          icon: <CheckCircleOutlined />,
          permission: 'oss_enable',
          hidden: ({ record }) => record.status === OSS_ENABLED,
          onClick: ({ record, reload }) =>
            modal.confirm({
              title: t('common.tip'),
              content: t('screens.oss.enableConfirm'),
              okText: t('common.confirm'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                try {
                  await enableOss(record.id);
                  void message.success(t('screens.oss.enabled'));
                  await reload();
                } catch (error) {
                  reportFailure(error, message);
                }
              },
            }),
        },
        {
          key: 'test',
          label: 'screens.oss.test',
          icon: <ApiOutlined />,
          permission: ossEntity.permissions.edit,
          onClick: async ({ record }) => {
            try {
              await testOss(record.id);
              void message.success(t('screens.oss.connectionOk'));
            } catch (error) {
              reportFailure(error, message);
            }
          },
        },
      ]}
    />
  );
}
