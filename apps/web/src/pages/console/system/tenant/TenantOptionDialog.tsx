import type { Tenant } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../../lib/feedback';

/** What one tenant setting needs: where its choices come from, the tenant's current one, and how it is saved. */
export interface TenantOption {
  queryKey: readonly string[];
  options: () => Promise<Array<{ label: string; value: string }>>;
  current: (record: Tenant) => string;
  save: (tenantId: string, value: string) => Promise<unknown>;
  title: string;
  label: string;
  help: string;
  /** Shown while nothing is chosen: what an empty choice means (no package, the master database). */
  placeholder: string;
  testId: string;
}

/** Picks (or clears) one setting of one tenant from a list; the request client shows a refusal and it stays open. */
export function TenantOptionDialog({
  option,
  record,
  onClose,
  onSaved,
}: {
  option: TenantOption;
  record: Tenant | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [value, setValue] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const choices = useQuery({
    queryKey: option.queryKey,
    queryFn: option.options,
    enabled: record !== undefined,
  });

  useEffect(() => {
    setValue((record && option.current(record)) || undefined);
  }, [record, option]);

  const save = async () => {
    if (!record) return;
    setSaving(true);
    try {
      await option.save(record.id, value ?? '');
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
      title={option.title}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{record?.tenantName}</p>
      <Form layout="vertical">
        <Form.Item label={option.label} help={option.help}>
          <Select
            allowClear
            value={value}
            onChange={(chosen) => setValue(chosen)}
            loading={choices.isLoading}
            placeholder={option.placeholder}
            options={choices.data ?? []}
            data-testid={option.testId}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
