import type { Tenant } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datasourceApi } from '../../../../api/datasource';
import { tenantApi } from '../../../../api/tenant';

/**
 * 数据源配置: binds one tenant's business data to a datasource, or (cleared) back to the master database. The
 * server moves the tenant's rows, so the save may take a moment; on failure nothing changed.
 */
export function DatasourceSettingDialog({
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
  const [datasourceId, setDatasourceId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['datasource', 'options'],
    queryFn: datasourceApi.options,
    enabled: record !== undefined,
  });

  useEffect(() => {
    setDatasourceId(record?.datasourceId || undefined);
  }, [record]);

  const save = async () => {
    if (!record) return;
    setSaving(true);
    try {
      await tenantApi.datasource(record.id, datasourceId ?? '');
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
      title={t('screens.tenant.datasourceSetting')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{record?.tenantName}</p>
      <Form layout="vertical">
        <Form.Item label={t('screens.tenant.datasourceId')} help={t('screens.tenant.datasourceHelp')}>
          <Select
            allowClear
            value={datasourceId}
            onChange={(value) => setDatasourceId(value)}
            loading={options.isLoading}
            placeholder={t('screens.tenant.datasourceMaster')}
            options={(options.data ?? []).map((d) => ({ label: d.name, value: String(d.id) }))}
            data-testid="datasource-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
