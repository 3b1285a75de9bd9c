import {
  DATE_TIME_FORMAT,
  PLATFORM_TENANT_ID,
  type Tenant,
  tenantEntity,
  tenantSettingSchema,
} from '@cube/contract';
import { Alert, DatePicker, Form, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi } from '../../../../api/tenant';
import { translateEntityMessage } from '../../../../components/crud';
import { useMessageApi } from '../../../../lib/feedback';

interface Values {
  accountNumber: number | null;
  expireTime: Dayjs | null;
}

/**
 * 授权配置: one account quota (-1 = unlimited) and one expiry (empty = never) for every checked tenant, saved in
 * one request (all or nothing). Starts from the first row's values when a single tenant is checked.
 */
export function TenantSettingDialog({
  rows,
  onClose,
  onSaved,
}: {
  rows: readonly Tenant[] | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const open = rows !== undefined;
  const includesPlatform = rows?.some((r) => r.tenantId === PLATFORM_TENANT_ID) ?? false;

  useEffect(() => {
    if (!rows) return;
    const single = rows.length === 1 ? rows[0] : undefined;
    form.setFieldsValue({
      accountNumber: single ? single.accountNumber : -1,
      expireTime: single?.expireTime ? dayjs(single.expireTime) : null,
    });
  }, [rows, form]);

  const save = async () => {
    const values = await form.validateFields();
    const expireTime = values.expireTime ? values.expireTime.format(DATE_TIME_FORMAT) : '';
    const checked = tenantSettingSchema.safeParse({ accountNumber: values.accountNumber, expireTime });
    if (!checked.success) {
      void message.error(translateEntityMessage(tenantEntity, checked.error.issues[0]?.message ?? '', t));
      return;
    }
    setSaving(true);
    try {
      await tenantApi.setting(
        (rows ?? []).map((r) => r.id),
        checked.data.accountNumber,
        checked.data.expireTime,
      );
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
      open={open}
      title={t('screens.tenant.setting')}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: includesPlatform }}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      {includesPlatform ? (
        <Alert
          type="warning"
          showIcon
          title={t('screens.tenant.platformNotSettable')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <p>{t('screens.tenant.settingFor', { names: (rows ?? []).map((r) => r.tenantName).join('、') })}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="accountNumber"
          label={t('screens.tenant.accountNumber')}
          help={t('screens.tenant.accountNumberHelp')}
        >
          <InputNumber min={-1} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expireTime"
          label={t('screens.tenant.expireTime')}
          help={t('screens.tenant.expireTimeHelp')}
        >
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
