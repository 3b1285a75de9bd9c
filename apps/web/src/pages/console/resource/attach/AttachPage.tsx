import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { type Attach, attachEntity } from '@cube/contract';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachApi, attachPreviewUrl, downloadAttach, putFileAttach } from '../../../../api/attach';
import { CrudPage, createTimeField, entityFields } from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { FilePreviewModal } from '../../../../components/preview/FilePreview';
import { useMessageApi } from '../../../../lib/feedback';

/** The types put-file accepts (server `file-types.ts`). */
const ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const fields = entityFields(attachEntity, [
  { name: 'originalName', search: true, table: { ellipsis: true } },
  { name: 'extension', search: true, form: false, table: { width: 90 } },
  {
    name: 'attachSize',
    form: false,
    table: { width: 110, render: (value) => formatSize(Number(value)) },
  },
  { name: 'createUserName', form: false, table: { width: 120 } },
  createTimeField({ label: 'screens.attach.createTime', table: { width: 170 } }),
]);

/** 上传附件: one file through `put-file-attach`, then the list reloads. */
function UploadButton({ reload }: { reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [percent, setPercent] = useState<number>();
  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      customRequest={async ({ file, onSuccess, onError }) => {
        const blob = file as File;
        setPercent(0);
        try {
          const stored = await putFileAttach(blob, blob.name, setPercent);
          onSuccess?.(stored);
          void message.success(t('screens.attach.uploaded'));
          await reload();
        } catch (error) {
          onError?.(error as Error);
          reportFailure(error, message);
        } finally {
          setPercent(undefined);
        }
      }}
    >
      <Button type="primary" icon={<UploadOutlined />} loading={percent !== undefined}>
        {percent !== undefined ? `${t('screens.attach.upload')} ${percent}%` : t('screens.attach.upload')}
      </Button>
    </Upload>
  );
}

/**
 * 附件管理: the tenant's attachments with who uploaded them; preview through the shared previewer
 * (which reads the file with the session's token), download, rename, delete.
 */
export default function AttachPage() {
  const message = useMessageApi();
  const [preview, setPreview] = useState<{ url: string; name: string }>();
  const open = (record: Attach) =>
    setPreview({ url: attachPreviewUrl(record.id), name: record.originalName });

  return (
    <>
      <CrudPage<Attach>
        resource={attachEntity.name}
        api={attachApi}
        fields={fields}
        permissions={{ edit: 'attach_upload', delete: 'attach_delete', view: 'attach' }}
        actionWidth={260}
        toolbarActions={[
          {
            key: 'upload',
            permission: 'attach_upload',
            render: ({ reload }) => <UploadButton reload={reload} />,
          },
        ]}
        rowActions={[
          {
            key: 'preview',
            label: 'screens.attach.preview',
            icon: <EyeOutlined />,
            permission: 'attach_download',
            onClick: ({ record }) => open(record),
          },
          {
            key: 'download',
            label: 'screens.attach.download',
            icon: <DownloadOutlined />,
            permission: 'attach_download',
            onClick: async ({ record }) => {
              try {
                await downloadAttach(record);
              } catch (error) {
                reportFailure(error, message);
              }
            },
          },
        ]}
      />
      <FilePreviewModal file={preview} onClose={() => setPreview(undefined)} />
    </>
  );
}
