import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './CaptchaImage';
import styles from './LoginPage.module.css';

interface CaptchaFieldProps {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/**
 * The captcha row of the password form (field `code` and its picture): a chunk of its own, loaded only where the
 * site asks for a captcha, so that the login's first view elsewhere does not carry it.
 */
export default function CaptchaField({ image, loading, failed, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.code')} required>
      <div className={styles.captchaRow}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
        >
          <Input
            name="code"
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('login.codeRequired')}
            autoComplete="off"
            maxLength={8}
          />
        </Form.Item>
        <CaptchaImage image={image} loading={loading} failed={failed} onRefresh={onRefresh} />
      </div>
    </Form.Item>
  );
}
