import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile, type StoredFile } from '../../api/oss';
import { RequestError } from '../../api/request';
import { useMessageApi } from '../../lib/feedback';
import { checkFile, fileNameOf, sizeLabel } from '../../lib/files';
import { FilePreviewModal } from '../preview/FilePreview';

export interface UploadFieldProps {
  /** Link(s) of the stored file(s), comma-joined; the form value. */
  value?: string | null | undefined;
  onChange?: ((value: string) => void) | undefined;
  /** Accepted extensions, e.g. `['jpg', 'png']`; anything is sent to the server (which checks again) when absent. */
  accept?: readonly string[] | undefined;
  /** Size limit in KB. */
  maxKb?: number | undefined;
  /** Number of files (default 1: a new upload replaces the file). */
  maxCount?: number | undefined;
  listType?: 'text' | 'picture-card' | undefined;
  disabled?: boolean | undefined;
  /** Messages for a refused type or size (default: the generic ones naming the types and the limit). */
  typeMessage?: string | undefined;
  sizeMessage?: string | undefined;
  /** Called after each stored upload with `put-file`'s answer. */
  onUploaded?: ((file: StoredFile) => void) | undefined;
}

function splitLinks(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((link) => link.trim())
    .filter(Boolean);
}

function linkOf(file: UploadFile): string | undefined {
  return file.url ?? (file.response as StoredFile | undefined)?.link;
}

/**
 * A file field over `put-file`: checks type and size before sending, shows progress, and keeps the links of the
 * stored files as its value. Clicking a file previews it (PDF inline, Office files as download, images).
 */
export function UploadField({
  value,
  onChange,
  accept,
  maxKb,
  maxCount = 1,
  listType = 'text',
  disabled,
  typeMessage,
  sizeMessage,
  onUploaded,
}: UploadFieldProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [previewing, setPreviewing] = useState<{ url: string; name: string } | undefined>();

  const stored = useMemo<UploadFile[]>(
    () => splitLinks(value).map((link) => ({ uid: link, name: fileNameOf(link), status: 'done', url: link })),
    [value],
  );
  const fileList = [...stored, ...pending];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkFile(file, { accept, maxKb });
    if (problem === 'type') {
      void message.error(
        typeMessage ?? t('crud.upload.typeNotAllowed', { types: (accept ?? []).join('/').toUpperCase() }),
      );
      return Upload.LIST_IGNORE;
    }
    if (problem === 'size') {
      void message.error(sizeMessage ?? t('crud.upload.tooLarge', { size: sizeLabel(maxKb ?? 0) }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const blob = file as File;
    putFile(blob, blob.name, { onProgress: (percent) => onProgress?.({ percent }) })
      .then((stored) => {
        onUploaded?.(stored);
        onSuccess?.(stored);
      })
      .catch((error: unknown) => {
        // Answers with a server message were already shown by the request client.
        if (!(error instanceof RequestError && error.kind === 'answer'))
          void message.error(error instanceof Error ? error.message : t('crud.upload.failed'));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      });
  };

  const handleChange: UploadProps['onChange'] = ({ fileList: next }) => {
    const links = next
      .filter((file) => file.status === 'done')
      .map(linkOf)
      .filter(Boolean) as string[];
    setPending(next.filter((file) => file.status === 'uploading' || file.status === 'error'));
    const joined = links.join(',');
    if (joined !== (value ?? '')) onChange?.(joined);
  };

  const full = fileList.filter((file) => file.status !== 'error').length >= maxCount && maxCount > 1;
  const acceptAttribute = accept?.map((ext) => `.${ext.replace(/^\./, '')}`).join(',');

  return (
    <>
      <Upload
        fileList={fileList}
        listType={listType}
        maxCount={maxCount}
        multiple={maxCount > 1}
        accept={acceptAttribute}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={(file) => {
          const url = linkOf(file);
          if (url) setPreviewing({ url, name: file.name });
        }}
      >
        {disabled || full ? null : listType === 'picture-card' ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('crud.upload.button')}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{t('crud.upload.button')}</Button>
        )}
      </Upload>
      <FilePreviewModal file={previewing} onClose={() => setPreviewing(undefined)} />
    </>
  );
}
