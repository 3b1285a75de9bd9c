import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/chunk';
import type { CrudControlProps } from '../crud/types';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched the first time a dialog shows it.
const RichTextEditor = lazy(() => loadChunk(() => import('./RichTextEditor')));

/** A CrudPage control for HTML fields: the rich-text editor, loaded on first use. */
export function RichTextField({ value, onChange, disabled, id }: CrudControlProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(html) => onChange?.(html)}
        disabled={disabled}
      />
    </Suspense>
  );
}
