import {
  SITE_SETTING_PERMISSION,
  type SiteSetting,
  siteSettingMessages,
  siteSettingSchema,
} from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSiteSetting, saveSiteSetting } from '../../../api/portal';
import type { MessageKey } from '../../../components/crud';
import { reportFailure } from '../../../components/crud/failures';
import { RichTextField } from '../../../components/richtext/RichTextField';
import { UploadField } from '../../../components/upload/UploadField';
import { useMessageApi } from '../../../lib/feedback';
import { useCan } from '../../../stores/permission';
import { IMAGE_UPLOAD } from './fields';

type Key = keyof SiteSetting;
const label = (key: string) => `screens.portalSite.${key}` as MessageKey;
const shape = siteSettingSchema.shape as Record<
  Key,
  { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }
>;
const messageKey = (message: string) =>
  Object.entries(siteSettingMessages).find(([, text]) => text === message)?.[0];

/**
 * 站点设置: the tenant's branding (titles, logo, colour), contact details, ICP number and about-us page, used by
 * its public website and login page. One form over `site/setting`; validated by the contract's schema.
 */
export default function SiteSettingPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const can = useCan();
  const editable = can(SITE_SETTING_PERMISSION.edit);
  const [form] = Form.useForm<SiteSetting>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: ['portal-site-setting'], queryFn: fetchSiteSetting });

  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [form, setting.data]);

  const rules = (key: Key, required = false): Rule[] => [
    ...(required ? [{ required: true, whitespace: true, message: t(label('titleRequired')) }] : []),
    {
      validator: async (_rule, value) => {
        if (value === undefined || value === '') return;
        const result = shape[key].safeParse(value);
        if (result.success) return;
        const text = result.error?.issues[0]?.message ?? '';
        const known = messageKey(text);
        throw new Error(known ? t(label(known)) : text);
      },
    },
  ];
  const text = (key: Key, span = 12, required = false, max?: number) => (
    <Col xs={24} md={span} key={key}>
      <Form.Item name={key} label={t(label(key))} rules={rules(key, required)}>
        <Input maxLength={max} showCount={Boolean(max)} disabled={!editable} />
      </Form.Item>
    </Col>
  );
  const image = (key: Key) => (
    <Col xs={24} md={12} key={key}>
      <Form.Item name={key} label={t(label(key))} rules={rules(key)}>
        <UploadField {...IMAGE_UPLOAD} disabled={!editable} />
      </Form.Item>
    </Col>
  );

  const onSave = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await saveSiteSetting({ ...setting.data, ...values } as SiteSetting);
      message.success(t(label('saved')));
      await queryClient.invalidateQueries({ queryKey: ['portal-site-setting'] });
    } catch (error) {
      reportFailure(error, message);
    } finally {
      setSaving(false);
    }
  };

  if (setting.isLoading) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" requiredMark>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t(label('heading'))}
              </Typography.Title>
              <Typography.Text type="secondary">{t(label('intro'))}</Typography.Text>
            </div>
            <Space>
              <Button href="/" target="_blank">
                {t(label('openSite'))}
              </Button>
              {editable ? (
                <Button type="primary" loading={saving} onClick={() => void onSave()}>
                  {t(label('save'))}
                </Button>
              ) : null}
            </Space>
          </Space>
        </Card>
        <Card title={t(label('brand'))}>
          <Row gutter={16}>
            {text('title', 12, true, 100)}
            {text('indexTitle', 12, false, 100)}
            {text('loginTitle', 12, false, 100)}
            {text('primaryColor', 12)}
            {image('logo')}
            {image('favicon')}
          </Row>
        </Card>
        <Card title={t(label('contact'))}>
          <Row gutter={16}>
            {text('companyName', 12, false, 100)}
            {text('contactPhone')}
            {text('contactEmail')}
            {text('workHours', 12, false, 100)}
            {text('contactAddress', 24, false, 200)}
            {text('icp', 12, false, 64)}
            {text('policeRecord', 12, false, 64)}
            {text('copyright', 12, false, 200)}
            {image('wechatQr')}
          </Row>
        </Card>
        <Card title={t(label('seo'))}>
          <Row gutter={16}>
            {text('description', 24, false, 300)}
            {text('keywords', 24, false, 200)}
          </Row>
        </Card>
        <Card title={t(label('about'))}>
          <Form.Item name="aboutUs" rules={rules('aboutUs')}>
            <RichTextField disabled={!editable} />
          </Form.Item>
        </Card>
        <Card title={t(label('privacy'))}>
          <Typography.Paragraph type="secondary">{t(label('privacyHint'))}</Typography.Paragraph>
          <Form.Item name="privacyPolicy" rules={rules('privacyPolicy')}>
            <RichTextField disabled={!editable} />
          </Form.Item>
        </Card>
      </Space>
    </Form>
  );
}
