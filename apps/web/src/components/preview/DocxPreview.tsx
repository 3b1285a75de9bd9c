import type { Options as DocxOptions } from 'docx-preview';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './FilePreview.module.css';
import { LegacyOfficeNotice, PreviewLoading } from './PreviewParts';
import { isLegacyOfficeFile } from './useFileBlob';

/** Class prefix of everything `docx-preview` draws; its generated styles are all scoped under it. */
const DOCX_CLASS = 'cube-docx';

const DOCX_OPTIONS: Partial<DocxOptions> = {
  className: DOCX_CLASS,
  // Pages on a grey background (`cube-docx-wrapper`), broken where Word breaks them.
  inWrapper: true,
  breakPages: true,
  ignoreLastRenderedPageBreak: true,
  renderHeaders: true,
  renderFooters: true,
  renderFootnotes: true,
  renderEndnotes: true,
  // Images and embedded fonts as data: addresses (both allowed by the page's content security policy), so nothing
  // is left to revoke once the preview closes.
  useBase64URL: true,
  // Embedded HTML ("alt chunks") would run in a same-origin frame: an uploaded file is not trusted that far.
  renderAltChunks: false,
  renderComments: false,
  renderChanges: false,
};

/** Keeps only links that are safe to follow from a preview: web and mail links (in a new tab) and in-page anchors. */
function secureLinks(container: HTMLElement): void {
  for (const link of container.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) continue;
    if (/^(https?:|mailto:)/i.test(href)) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    } else {
      link.removeAttribute('href');
    }
  }
}

type DocxState = { status: 'loading' } | { status: 'ready' } | { status: 'legacy' } | { status: 'failed' };

export interface DocxPreviewProps {
  blob: Blob;
  name: string;
  /** What to show when the document cannot be read. */
  failed: ReactNode;
}

/**
 * A Word document (docx) laid out as pages by `docx-preview`, which is loaded (with JSZip) only when a document is
 * opened. The document is rendered off-screen and moved in when done, so a preview closed half-way leaves nothing
 * behind; a file that is really an old binary .doc gets the download notice.
 */
export function DocxPreview({ blob, name, failed }: DocxPreviewProps) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const styleRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<DocxState>({ status: 'loading' });

  useEffect(() => {
    const body = bodyRef.current;
    const styleHost = styleRef.current;
    if (!body || !styleHost) return undefined;
    let cancelled = false;
    setState({ status: 'loading' });
    const render = async (): Promise<DocxState> => {
      const bytes = await blob.arrayBuffer();
      if (isLegacyOfficeFile(bytes)) return { status: 'legacy' };
      const { renderAsync } = await import('docx-preview');
      const renderedBody = document.createElement('div');
      const renderedStyles = document.createElement('div');
      await renderAsync(bytes, renderedBody, renderedStyles, DOCX_OPTIONS);
      if (cancelled) return { status: 'loading' };
      secureLinks(renderedBody);
      styleHost.replaceChildren(...renderedStyles.childNodes);
      body.replaceChildren(...renderedBody.childNodes);
      return { status: 'ready' };
    };
    render().then(
      (next) => {
        if (!cancelled) setState(next);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('[preview] the Word document could not be read', name, error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      body.replaceChildren();
      styleHost.replaceChildren();
    };
  }, [blob, name]);

  return (
    <>
      {state.status === 'loading' ? <PreviewLoading /> : null}
      {state.status === 'failed' ? failed : null}
      {state.status === 'legacy' ? <LegacyOfficeNotice name={name} format="doc" /> : null}
      <div ref={styleRef} hidden />
      <section
        className={styles.document}
        hidden={state.status !== 'ready'}
        aria-label={t('crud.preview.frameTitle', { name })}
      >
        <div ref={bodyRef} />
      </section>
    </>
  );
}
