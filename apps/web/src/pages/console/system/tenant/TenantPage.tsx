import { AppstoreOutlined, DatabaseOutlined, SettingOutlined } from '@ant-design/icons';
import {
  PLATFORM_TENANT_ID,
  type Tenant,
  TenantCode,
  type TenantCreated,
  tenantAdminPasswordSchema,
  tenantEntity,
} from '@cube/contract';
import { App, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi, tenantPackageApi } from '../../../../api/tenant';
import {
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
  translateEntityMessage,
} from '../../../../components/crud';
import { DatasourceSettingDialog } from './DatasourceSettingDialog';
import { PackageSettingDialog } from './PackageSettingDialog';
import { TenantSettingDialog } from './TenantSettingDialog';

const unlimited = (value: unknown) => value === -1 || value === '' || value === undefined || value === null;

/**
 * 租户管理 (platform administrator only): the tenants' own fields from the contract's `tenantEntity`; creating one
 * provisions it and shows its administrator's generated first password once; 授权配置 sets the account quota and
 * expiry of the checked tenants; 产品包配置 picks a row's package.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [setting, setSetting] = useState<{ rows: readonly Tenant[]; reload: () => Promise<void> }>();
  const [packaged, setPackaged] = useState<{ record: Tenant; reload: () => Promise<void> }>();
  const [sourced, setSourced] = useState<{ record: Tenant; reload: () => Promise<void> }>();

  const fields = useMemo(
    () =>
      entityFields(tenantEntity, [
        { name: 'tenantId', form: false, search: true, table: { width: 90 } },
        { name: 'tenantName', search: true, table: { width: 220, ellipsis: true } },
        { name: 'linkman', search: true, table: { width: 90 } },
        { name: 'contactNumber', table: false },
        { name: 'address', span: 24, table: false },
        // The list keeps to what tells tenants apart and their licence; the address fields show in 查看.
        { name: 'domain', help: 'screens.tenant.domainHelp', table: false },
        { name: 'backgroundUrl', table: false },
        {
          name: 'packageId',
          type: 'tree',
          tree: { queryKey: ['tenantPackage', 'options'], load: tenantPackageApi.options },
          table: {
            width: 100,
            render: (_value, record) => (record.packageName as string) || t('screens.tenant.noPackage'),
          },
          help: 'screens.tenant.packageHelp',
        },
        {
          name: 'datasourceId',
          label: 'screens.tenant.datasourceId',
          form: false,
          table: {
            width: 110,
            render: (_value, record) =>
              (record.datasourceName as string) || t('screens.tenant.datasourceMaster'),
          },
        },
        {
          name: 'accountNumber',
          form: false,
          table: {
            width: 90,
            render: (value) => (unlimited(value) ? t('screens.tenant.unlimited') : String(value)),
          },
        },
        {
          name: 'expireTime',
          form: false,
          table: {
            width: 170,
            render: (value) => (unlimited(value) ? t('screens.tenant.neverExpires') : String(value)),
          },
        },
        {
          name: 'adminPassword',
          label: 'screens.tenant.adminPassword',
          help: 'screens.tenant.adminPasswordHelp',
          table: false,
          view: false,
          readOnlyIn: ['edit'],
          rules: (tr) => [
            {
              validator: async (_rule, value) => {
                const result = tenantAdminPasswordSchema.safeParse(value);
                if (!result.success)
                  throw new Error(
                    translateEntityMessage(tenantEntity, result.error.issues[0]?.message ?? '', tr),
                  );
              },
            },
          ],
        },
        createTimeField({ search: false, table: false }),
      ]),
    [t],
  );

  // The create answer carries the administrator's generated first password: shown here, once, to copy.
  const api = useMemo(
    () => ({
      ...tenantApi,
      submit: async (record: Parameters<typeof tenantApi.submit>[0]) => {
        const created: TenantCreated = await tenantApi.submit(record);
        if (!record.id && created.tenantId) {
          modal.success({
            title: t('screens.tenant.createdTitle'),
            width: 480,
            content: (
              <div data-testid="tenant-created">
                <p>{t('screens.tenant.createdTenantId', { tenantId: created.tenantId })}</p>
                <p>{t('screens.tenant.createdAccount', { account: created.adminAccount })}</p>
                {created.adminPassword ? (
                  <>
                    <Typography.Paragraph copyable={{ text: created.adminPassword }} strong>
                      <span data-testid="tenant-admin-password">{created.adminPassword}</span>
                    </Typography.Paragraph>
                    <Typography.Text type="warning">{t('screens.tenant.passwordOnce')}</Typography.Text>
                  </>
                ) : (
                  <Typography.Text type="secondary">{t('screens.tenant.passwordTyped')}</Typography.Text>
                )}
              </div>
            ),
          });
        }
        return created;
      },
    }),
    [modal, t],
  );

  return (
    <>
      <CrudPage<Tenant>
        resource={tenantEntity.name}
        api={api}
        fields={fields}
        permissions={entityPermissions(tenantEntity)}
        actionWidth={340}
        toolbarActions={[
          {
            key: 'setting',
            label: 'screens.tenant.setting',
            icon: <SettingOutlined />,
            permission: TenantCode.setting,
            selection: 'multiple',
            onClick: ({ selectedRows, reload }) => setSetting({ rows: selectedRows, reload }),
          },
        ]}
        rowActions={[
          {
            key: 'package',
            label: 'screens.tenant.packageSetting',
            icon: <AppstoreOutlined />,
            permission: TenantCode.packageSetting,
            hidden: ({ record }) => record.tenantId === PLATFORM_TENANT_ID,
            onClick: ({ record, reload }) => setPackaged({ record, reload }),
          },
          {
            key: 'datasource',
            label: 'screens.tenant.datasourceSetting',
            icon: <DatabaseOutlined />,
            permission: TenantCode.datasource,
            hidden: ({ record }) => record.tenantId === PLATFORM_TENANT_ID,
            onClick: ({ record, reload }) => setSourced({ record, reload }),
          },
        ]}
      />
      <TenantSettingDialog
        rows={setting?.rows}
        onClose={() => setSetting(undefined)}
        onSaved={() => void setting?.reload()}
      />
      <DatasourceSettingDialog
        record={sourced?.record}
        onClose={() => setSourced(undefined)}
        onSaved={() => void sourced?.reload()}
      />
      <PackageSettingDialog
        record={packaged?.record}
        onClose={() => setPackaged(undefined)}
        onSaved={() => void packaged?.reload()}
      />
    </>
  );
}
