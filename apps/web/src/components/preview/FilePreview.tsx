import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileExtension, fileNameOf, previewKind } from '../../lib/files';
import { DocxPreview } from './DocxPreview';
import styles from './FilePreview.module.css';
import { LegacyOfficeNotice, PreviewLoading } from './PreviewParts';
import { useFileBlob } from './useFileBlob';
import { XlsxPreview } from './XlsxPreview';

export interface FilePreviewProps {
  /** Address of the file (e.g. a `put-file` link). */
  url: string;
  /** Display name; also decides the type when the address has no extension. Defaults to the address' name. */
  name?: string | undefined;
}

/** A PDF in the browser's own viewer, from an object URL of the downloaded bytes (whatever the server's headers say). */
function PdfPreview({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  if (!objectUrl) return <PreviewLoading />;
  return <iframe className={styles.frame} src={objectUrl} title={t('crud.preview.frameTitle', { name })} />;
}

const FAILED_MESSAGE = {
  pdf: 'crud.preview.pdfFailed',
  docx: 'crud.preview.docxFailed',
  xlsx: 'crud.preview.xlsxFailed',
} as const;

/**
 * Previewable files (doc, docx, xls, xlsx, pdf; images too). The file is downloaded once as a blob: a PDF
 * shows in a frame, a Word document (docx) is laid out as pages, an Excel workbook (xlsx) as one table per sheet;
 * the Word and Excel readers are loaded only when such a file is opened. The old binary formats (doc, xls) have no
 * browser renderer and are offered for download. Whatever fails — the download or reading the file — is logged and
 * leaves a message with the download link, never an empty area.
 */
export function FilePreview({ url, name }: FilePreviewProps) {
  const { t } = useTranslation();
  const displayName = name || fileNameOf(url);
  const source = name && previewKind(name) !== 'none' ? name : url;
  const kind = previewKind(source);
  const inline = kind === 'pdf' || kind === 'docx' || kind === 'xlsx' ? kind : undefined;
  const file = useFileBlob(url, inline !== undefined);

  const download = (
    <div className={styles.actions}>
      <Button
        icon={<DownloadOutlined />}
        href={url}
        download={displayName}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('crud.preview.download')}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (inline) {
    const failed = <Alert type="error" showIcon title={t(FAILED_MESSAGE[inline])} />;
    if (file.status === 'loading') body = <PreviewLoading />;
    else if (file.status === 'failed') body = failed;
    else if (inline === 'pdf') body = <PdfPreview blob={file.blob} name={displayName} />;
    else if (inline === 'docx') body = <DocxPreview blob={file.blob} name={displayName} failed={failed} />;
    else body = <XlsxPreview blob={file.blob} name={displayName} failed={failed} />;
  } else if (kind === 'image') {
    body = <img className={styles.image} src={url} alt={displayName} />;
  } else if (kind === 'legacy-office') {
    body = <LegacyOfficeNotice name={displayName} format={fileExtension(source) === 'xls' ? 'xls' : 'doc'} />;
  } else {
    body = <Alert type="warning" showIcon title={displayName} description={t('crud.preview.unsupported')} />;
  }
  return (
    <>
      {body}
      {download}
    </>
  );
}

export interface FilePreviewModalProps {
  /** The file to show; the dialog is open while set. */
  file: { url: string; name?: string | undefined } | undefined;
  onClose: () => void;
}

/** {@link FilePreview} in a dialog. */
export function FilePreviewModal({ file, onClose }: FilePreviewModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={file !== undefined}
      title={file?.name ? `${t('crud.preview.title')} - ${file.name}` : t('crud.preview.title')}
      width={960}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {file ? <FilePreview url={file.url} name={file.name} /> : null}
    </Modal>
  );
}
