import type { Tenant } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi, tenantPackageApi } from '../../../../api/tenant';

/** 产品包配置: picks (or clears) one tenant's package; the tenant's administrators are granted its menus. */
export function PackageSettingDialog({
  record,
  onClose,
  onSaved,
}: {
  record: Tenant | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [packageId, setPackageId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['tenantPackage', 'options'],
    queryFn: tenantPackageApi.options,
    enabled: record !== undefined,
  });

  useEffect(() => {
    setPackageId(record?.packageId || undefined);
  }, [record]);

  const save = async () => {
    if (!record) return;
    setSaving(true);
    try {
      await tenantApi.packageSetting(record.id, packageId ?? '');
      void message.success(t('crud.updated'));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={record !== undefined}
      title={t('screens.tenant.packageSetting')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{record?.tenantName}</p>
      <Form layout="vertical">
        <Form.Item label={t('screens.tenant.packageId')} help={t('screens.tenant.packageHelp')}>
          <Select
            allowClear
            value={packageId}
            onChange={(value) => setPackageId(value)}
            loading={options.isLoading}
            placeholder={t('screens.tenant.noPackage')}
            options={(options.data ?? []).map((p) => ({ label: String(p.title), value: String(p.id) }))}
            data-testid="package-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
