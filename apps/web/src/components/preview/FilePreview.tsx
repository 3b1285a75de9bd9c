import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileNameOf, previewKind } from '../../lib/files';
import styles from './FilePreview.module.css';

export interface FilePreviewProps {
  /** Address of the file (e.g. a `put-file` link). */
  url: string;
  /** Display name; also decides the type when the address has no extension. Defaults to the address' name. */
  name?: string | undefined;
}

type PdfState = { status: 'loading' } | { status: 'ready'; objectUrl: string } | { status: 'failed' };

/**
 * Loads a PDF as a blob and hands out an object URL for an inline frame: files are served as downloads, and a
 * blob shows in the browser's own viewer whatever the original answer's headers say. A failed download is only
 * logged (spec §8) and the page offers the download link instead.
 */
function usePdfObjectUrl(url: string, enabled: boolean): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setState({ status: 'loading' });
    fetch(url, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ status: 'ready', objectUrl });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[preview] PDF download failed', error);
        setState({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled]);
  return state;
}

/**
 * Spec §2 previewable files: a PDF is shown inline in a frame; Word and Excel files (doc, docx, xls, xlsx)
 * need a file preview server, which this product does not call out to, so they get a download link and a clear
 * message; images are shown as they are.
 */
export function FilePreview({ url, name }: FilePreviewProps) {
  const { t } = useTranslation();
  const displayName = name || fileNameOf(url);
  const kind = previewKind(name && previewKind(name) !== 'none' ? name : url);
  const pdf = usePdfObjectUrl(url, kind === 'pdf');

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

  if (kind === 'pdf') {
    if (pdf.status === 'loading')
      return (
        <div className={styles.loading}>
          <Spin description={t('crud.preview.loading')} />
        </div>
      );
    if (pdf.status === 'failed')
      return (
        <>
          <Alert type="error" showIcon title={t('crud.preview.pdfFailed')} />
          {download}
        </>
      );
    return (
      <>
        <iframe
          className={styles.frame}
          src={pdf.objectUrl}
          title={t('crud.preview.frameTitle', { name: displayName })}
        />
        {download}
      </>
    );
  }
  if (kind === 'image') {
    return (
      <>
        <img className={styles.image} src={url} alt={displayName} />
        {download}
      </>
    );
  }
  return (
    <>
      <Alert
        type={kind === 'office' ? 'info' : 'warning'}
        showIcon
        title={displayName}
        description={t(kind === 'office' ? 'crud.preview.officeHint' : 'crud.preview.unsupported')}
      />
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
