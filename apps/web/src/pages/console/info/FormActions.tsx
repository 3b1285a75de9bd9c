import { Button, type FormInstance, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Submit and reset buttons shared by the two profile tabs. */
export function FormActions({ form, busy }: { form: FormInstance; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('screens.profile.submit')}
      </Button>
      <Button htmlType="button" onClick={() => form.resetFields()}>
        {t('screens.profile.reset')}
      </Button>
    </Space>
  );
}
