import type { Tenant } from '@cube/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { datasourceApi } from '../../../../api/datasource';
import { tenantApi } from '../../../../api/tenant';
import { type TenantOption, TenantOptionDialog } from './TenantOptionDialog';

/**
 * 数据源配置: binds one tenant's business data to a datasource, or (cleared) back to the master database. The
 * server moves the tenant's rows, so the save may take a moment; on failure nothing changed.
 */
export function DatasourceSettingDialog(props: {
  record: Tenant | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const option = useMemo<TenantOption>(
    () => ({
      queryKey: ['datasource', 'options'],
      options: async () =>
        (await datasourceApi.options()).map((d) => ({ label: d.name, value: String(d.id) })),
      current: (record) => record.datasourceId,
      save: tenantApi.datasource,
      title: t('screens.tenant.datasourceSetting'),
      label: t('screens.tenant.datasourceId'),
      help: t('screens.tenant.datasourceHelp'),
      placeholder: t('screens.tenant.datasourceMaster'),
      testId: 'datasource-select',
    }),
    [t],
  );
  return <TenantOptionDialog option={option} {...props} />;
}
