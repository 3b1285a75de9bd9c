import type { Tenant } from '@cube/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi, tenantPackageApi } from '../../../../api/tenant';
import { type TenantOption, TenantOptionDialog } from './TenantOptionDialog';

/** 产品包配置: picks (or clears) one tenant's package; the tenant's administrators are granted its menus. */
export function PackageSettingDialog(props: {
  record: Tenant | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const option = useMemo<TenantOption>(
    () => ({
      queryKey: ['tenantPackage', 'options'],
      options: async () =>
        (await tenantPackageApi.options()).map((p) => ({ label: String(p.title), value: String(p.id) })),
      current: (record) => record.packageId,
      save: tenantApi.packageSetting,
      title: t('screens.tenant.packageSetting'),
      label: t('screens.tenant.packageId'),
      help: t('screens.tenant.packageHelp'),
      placeholder: t('screens.tenant.noPackage'),
      testId: 'package-select',
    }),
    [t],
  );
  return <TenantOptionDialog option={option} {...props} />;
}
