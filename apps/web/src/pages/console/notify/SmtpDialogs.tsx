import {
  NotificationMessage,
  type NotificationSmtp,
  notificationSmtpInputSchema,
  notificationSmtpTestSchema,
} from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Form, type FormInstance, Input, InputNumber, Modal, Row, Skeleton, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSmtpSettings, saveSmtpSettings, sendSmtpTest } from '../../../api/notification';
import { useMessageApi } from '../../../lib/feedback';

/**
 * 邮件设置 and 发送测试邮件 of 消息中心, for the tenant's administrator (button `notify_smtp`): the tenant's mail
 * server, checked with the contract's own schema and messages (the server runs the same check), the password
 * write-only — shown as set or unset, sent only when typed — and a test mail through the saved settings.
 */

const SMTP_KEY = ['notification', 'smtp'] as const;

/** A contract message in the current language (`screens.notify.smtp.messages.<key>`), else as it came. */
export function smtpMessage(message: string, t: TFunction): string {
  const key = Object.entries(NotificationMessage).find(([, text]) => text === message)?.[0];
  return key ? t(`screens.notify.smtp.messages.${key}` as never) : message;
}

type Values = Omit<NotificationSmtp, 'port'> & { port: number | null };

/** The settings as the schema (and the server) read them. */
const sent = (values: Partial<Values>) => ({
  enabled: values.enabled === true,
  host: values.host ?? '',
  // An emptied port is no port (the schema's default is for a request that sends none).
  port: values.port ?? Number.NaN,
  secure: values.secure === true,
  username: values.username ?? '',
  password: values.password ?? '',
  fromAddress: values.fromAddress ?? '',
});

/** Runs the contract's schema over the whole form and reports this field's first issue. */
function schemaRule(field: keyof Values, host: FormInstance<Values>, t: TFunction): Rule {
  return {
    validator: async () => {
      const result = notificationSmtpInputSchema.safeParse(sent(host.getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(smtpMessage(issue.message, t));
    },
  };
}

export function SmtpSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const settings = useQuery({ queryKey: SMTP_KEY, queryFn: fetchSmtpSettings, enabled: open });

  useEffect(() => {
    if (!open || !settings.data) return;
    const { passwordSet: _set, ...stored } = settings.data;
    form.setFieldsValue({ ...stored, password: '' });
  }, [open, settings.data, form]);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    const checked = notificationSmtpInputSchema.safeParse(sent(form.getFieldsValue(true)));
    if (!checked.success) return;
    setSaving(true);
    try {
      await saveSmtpSettings(checked.data);
      void message.success(t('screens.notify.smtp.saved'));
      await client.invalidateQueries({ queryKey: SMTP_KEY });
      onClose();
    } catch {
      // The request client has shown the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const rule = (field: keyof Values) => [schemaRule(field, form, t)];
  const passwordSet = settings.data?.passwordSet === true;
  const typed = Boolean(Form.useWatch('password', form));
  const passwordState = typed
    ? t('screens.notify.smtp.passwordTyped')
    : passwordSet
      ? t('screens.notify.smtp.passwordSet')
      : t('screens.notify.smtp.passwordUnset');
  return (
    <Modal
      open={open}
      title={t('screens.notify.smtp.settings')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Alert
        type="info"
        showIcon
        title={t('screens.notify.smtp.settingsHelp')}
        style={{ marginBottom: 16 }}
      />
      {settings.isPending && open ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="notify-smtp">
          <Form.Item name="enabled" label={t('screens.notify.smtp.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item
                name="host"
                label={t('screens.notify.smtp.host')}
                rules={rule('host')}
                dependencies={['enabled']}
              >
                <Input maxLength={200} placeholder={t('screens.notify.smtp.hostPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="port" label={t('screens.notify.smtp.port')} rules={rule('port')}>
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="secure"
            label={t('screens.notify.smtp.secure')}
            valuePropName="checked"
            extra={t('screens.notify.smtp.secureHelp')}
          >
            <Switch />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="username" label={t('screens.notify.smtp.username')} rules={rule('username')}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t('screens.notify.smtp.password')}
                rules={rule('password')}
                extra={<span data-testid="smtp-password-state">{passwordState}</span>}
              >
                <Input.Password
                  maxLength={200}
                  autoComplete="new-password"
                  placeholder={
                    passwordSet
                      ? t('screens.notify.smtp.passwordSet')
                      : t('screens.notify.smtp.passwordUnset')
                  }
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="fromAddress"
            label={t('screens.notify.smtp.fromAddress')}
            rules={rule('fromAddress')}
            dependencies={['enabled']}
          >
            <Input maxLength={200} placeholder={t('screens.notify.smtp.fromPlaceholder')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 发送测试邮件: one mail through the saved settings, to a typed address or the caller's own. */
export function SmtpTestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<{ to: string }>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const checked = notificationSmtpTestSchema.safeParse({ to: form.getFieldValue('to') ?? '' });
    if (!checked.success) return;
    setSending(true);
    try {
      const to = await sendSmtpTest(checked.data.to);
      void message.success(t('screens.notify.smtp.sent', { to }));
      onClose();
    } catch {
      // The request client has shown why the mail did not go (the server's Chinese reason).
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('screens.notify.smtp.test')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('screens.notify.smtp.send')}
      confirmLoading={sending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="notify-smtp-test">
        <Form.Item
          name="to"
          label={t('screens.notify.smtp.to')}
          extra={t('screens.notify.smtp.testHelp')}
          rules={[
            {
              validator: async (_, value) => {
                const result = notificationSmtpTestSchema.safeParse({ to: value ?? '' });
                if (!result.success) throw new Error(smtpMessage(result.error.issues[0]?.message ?? '', t));
              },
            },
          ]}
        >
          <Input maxLength={200} placeholder={t('screens.notify.smtp.toPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
