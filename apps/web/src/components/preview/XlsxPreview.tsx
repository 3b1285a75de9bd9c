import { Empty, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './FilePreview.module.css';
import { LegacyOfficeNotice, PreviewLoading } from './PreviewParts';
import { cellAlignment, formatCell, type SheetCell, type SheetGrid, sheetGrid } from './sheetTable';
import { isLegacyOfficeFile } from './useFileBlob';

interface Sheet {
  name: string;
  grid: SheetGrid;
}

type XlsxState =
  | { status: 'loading' }
  | { status: 'ready'; sheets: Sheet[] }
  | { status: 'legacy' }
  | { status: 'failed' };

/**
 * Reads every sheet of a workbook with `read-excel-file`, which is loaded only when a workbook is opened. Large
 * entries are inflated in a `blob:` Web Worker, which the server's content security policy allows.
 */
async function readWorkbook(blob: Blob): Promise<XlsxState> {
  const bytes = await blob.arrayBuffer();
  if (isLegacyOfficeFile(bytes)) return { status: 'legacy' };
  const { default: readExcelFile } = await import('read-excel-file/browser');
  const sheets = await readExcelFile(bytes);
  return {
    status: 'ready',
    // The library's types call a date cell `typeof Date`; the values are `Date` objects.
    sheets: sheets.map(({ sheet, data }) => ({
      name: sheet,
      grid: sheetGrid(data as unknown as SheetCell[][]),
    })),
  };
}

const ALIGNMENT_CLASS = { left: undefined, right: styles.right, center: styles.center };

/** One sheet as a spreadsheet grid: column letters on top, row numbers down the side, both kept in view. */
function SheetTable({ grid }: { grid: SheetGrid }) {
  const { t } = useTranslation();
  if (grid.rows.length === 0 || grid.columnNames.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.preview.sheetEmpty')} />;
  const notes = [
    grid.totalRows > grid.rows.length
      ? t('crud.preview.rowsTruncated', { shown: grid.rows.length, total: grid.totalRows })
      : undefined,
    grid.totalColumns > grid.columnNames.length
      ? t('crud.preview.columnsTruncated', { shown: grid.columnNames.length, total: grid.totalColumns })
      : undefined,
  ].filter(Boolean);
  return (
    <>
      <div className={styles.sheet}>
        <table className={styles.grid}>
          <thead>
            <tr>
              <th className={styles.corner} aria-hidden />
              {grid.columnNames.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => (
              <tr key={row.number}>
                <th scope="row">{row.number}</th>
                {row.cells.map((cell) => {
                  const text = formatCell(cell.value);
                  return (
                    <td
                      key={cell.column}
                      className={ALIGNMENT_CLASS[cellAlignment(cell.value)]}
                      title={text.length > 40 ? text : undefined}
                    >
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.map((note) => (
        <div key={note} className={styles.note}>
          <Typography.Text type="secondary">{note}</Typography.Text>
        </div>
      ))}
    </>
  );
}

export interface XlsxPreviewProps {
  blob: Blob;
  name: string;
  /** What to show when the workbook cannot be read. */
  failed: ReactNode;
}

/**
 * An Excel workbook (xlsx): one tab per sheet, each a grid of the cell values (the first rows and columns only, see
 * {@link sheetGrid}). A file that is really an old binary .xls gets the download notice.
 */
export function XlsxPreview({ blob, name, failed }: XlsxPreviewProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<XlsxState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    readWorkbook(blob).then(
      (next) => {
        if (!cancelled) setState(next);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('[preview] the Excel workbook could not be read', name, error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [blob, name]);

  if (state.status === 'loading') return <PreviewLoading />;
  if (state.status === 'failed') return failed;
  if (state.status === 'legacy') return <LegacyOfficeNotice name={name} format="xls" />;
  if (state.sheets.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.preview.workbookEmpty')} />;
  return (
    <Tabs
      className={styles.workbook}
      size="small"
      items={state.sheets.map((sheet) => ({
        key: sheet.name,
        label: sheet.name,
        children: <SheetTable grid={sheet.grid} />,
      }))}
    />
  );
}
