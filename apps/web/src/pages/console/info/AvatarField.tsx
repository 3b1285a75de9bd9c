import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_KB, AVATAR_TYPES } from '@cube/contract';
import { Avatar, Button, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../api/oss';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { fileExtension } from '../../../lib/files';
import styles from './InfoPage.module.css';

const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** Avatar rule: JPG or PNG (by type, or by name when the browser gives no type), at most 500 KB. */
export function avatarProblem(file: {
  type: string;
  name: string;
  size: number;
}): 'type' | 'size' | undefined {
  const typeOk = file.type
    ? (AVATAR_TYPES as readonly string[]).includes(file.type)
    : AVATAR_EXTENSIONS.includes(fileExtension(file.name));
  if (!typeOk) return 'type';
  if (file.size > AVATAR_MAX_KB * 1024) return 'size';
  return undefined;
}

interface AvatarFieldProps {
  value?: string;
  onChange?: (link: string) => void;
  id?: string;
}

/** The avatar: checked in the browser, stored with `put-file`; the form saves the link with `update-info`. */
export function AvatarField({ value, onChange, id }: AvatarFieldProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarProblem(file);
    if (problem) {
      void message.error(t(problem === 'type' ? 'screens.profile.avatarType' : 'screens.profile.avatarSize'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const blob = file as File;
    setUploading(true);
    putFile(blob, blob.name)
      .then((stored) => {
        onChange?.(stored.link);
        onSuccess?.(stored);
      })
      .catch((error: unknown) => {
        reportFailure(error, message);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => setUploading(false));
  };

  return (
    <div className={styles.avatarRow}>
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        disabled={uploading}
      >
        <button
          type="button"
          id={id}
          className={styles.avatarButton}
          aria-label={t('screens.profile.uploadAvatar')}
        >
          <Avatar
            size={88}
            src={value || undefined}
            icon={uploading ? <LoadingOutlined /> : <UserOutlined />}
          />
        </button>
      </Upload>
      <div>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={uploading}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('screens.profile.uploadAvatar')}
          </Button>
        </Upload>
        <div className={styles.avatarHint}>{t('screens.profile.avatarHint')}</div>
      </div>
    </div>
  );
}
