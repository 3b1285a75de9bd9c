import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_KINDS, type DocumentKind, type PatentDocument } from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadCaseDocument,
  fetchCaseDocuments,
  removeCaseDocument,
  uploadCaseDocument,
} from '../../../api/patent';
import { RequestError } from '../../../api/request';
import { useMessageApi } from '../../../lib/feedback';
import { useSessionStore } from '../../../stores/session';

export const caseDocumentsKey = (applicationId: string) => ['patentDocument', applicationId] as const;

const ADMIN_ROLES = new Set(['admin', 'administrator']);

interface Row extends PatentDocument {
  /** Rows the step cell spans (0 on the rows below the first of a step). */
  stepSpan: number;
  latest: boolean;
}

/**
 * Steps in the order their first document came (the process order as lived, returns included); within a step by
 * kind, newest version first.
 */
function arrange(docs: readonly PatentDocument[]): Row[] {
  const groups = new Map<string, PatentDocument[]>();
  for (const doc of docs) {
    const key = `${doc.processInstanceId ?? ''}|${doc.stepKey}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  const first = (rows: PatentDocument[]) => rows.map((r) => r.createTime).sort()[0] ?? '';
  const kindOrder = (kind: string) => DOCUMENT_KINDS.indexOf(kind as DocumentKind);
  return [...groups.values()]
    .sort((a, b) => first(a).localeCompare(first(b)))
    .flatMap((rows) => {
      const sorted = [...rows].sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || b.version - a.version);
      return sorted.map((doc, i) => ({
        ...doc,
        stepSpan: i === 0 ? sorted.length : 0,
        latest: i === 0 || sorted[i - 1]?.kind !== doc.kind,
      }));
    });
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface CaseDocumentsProps {
  applicationId: string;
  /** The open task of the page (the handle page): uploads go onto its step. Without it the card only lists. */
  taskId?: string | undefined;
  stepName?: string | undefined;
  /** Show the card's own frame and title (false inside a tab that names it already). */
  framed?: boolean;
}

/**
 * 案件文件: the documents uploaded on the case's process steps — drafts, the filed application, official notices —
 * grouped by step, every version listed and downloadable. On the handle page the task's step takes uploads (kind
 * chosen first). The server decides who may see, upload and remove; a caller who may not see the case gets its
 * refusal in place of the table.
 */
export function CaseDocuments({ applicationId, taskId, stepName, framed = true }: CaseDocumentsProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DocumentKind>('draft');
  const [uploading, setUploading] = useState(false);
  const me = useSessionStore((state) => state.userInfo);
  const docs = useQuery({
    queryKey: caseDocumentsKey(applicationId),
    queryFn: () => fetchCaseDocuments(applicationId),
    enabled: Boolean(applicationId && applicationId !== '0'),
    retry: false,
  });
  const rows = useMemo(() => arrange(docs.data ?? []), [docs.data]);
  const isAdmin = (me?.role_name ?? '').split(',').some((role) => ADMIN_ROLES.has(role.trim()));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: caseDocumentsKey(applicationId) });

  const customRequest: UploadProps['customRequest'] = async (options) => {
    if (!taskId) return;
    setUploading(true);
    try {
      const file = options.file as File;
      const stored = await uploadCaseDocument({ applicationId, taskId, kind }, file, file.name, (percent) =>
        options.onProgress?.({ percent }),
      );
      options.onSuccess?.(stored);
      void message.success(
        t('screens.patentDocument.uploaded', { name: stored.fileName, version: stored.version }),
      );
      refresh();
    } catch (error) {
      // The request client has shown the server's message.
      options.onError?.(error as Error);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (doc: PatentDocument) => {
    try {
      await removeCaseDocument(doc.id);
      void message.success(t('screens.patentDocument.removed'));
      refresh();
    } catch {
      // The request client has shown the server's message.
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'step',
      title: t('screens.patentDocument.step'),
      dataIndex: 'stepName',
      width: 110,
      onCell: (row) => ({ rowSpan: row.stepSpan }),
      render: (_v, row) => row.stepName || '-',
    },
    {
      key: 'kind',
      title: t('screens.patentDocument.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (_v, row) =>
        DOCUMENT_KINDS.includes(row.kind as DocumentKind)
          ? t(`screens.patentDocument.kinds.${row.kind as DocumentKind}`)
          : row.kind,
    },
    {
      key: 'version',
      title: t('screens.patentDocument.version'),
      dataIndex: 'version',
      width: 96,
      render: (_v, row) => (
        <Space size={4}>
          {t('screens.patentDocument.versionLabel', { version: row.version })}
          {row.latest ? <Tag color="blue">{t('screens.patentDocument.latest')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'fileName',
      title: t('screens.patentDocument.fileName'),
      dataIndex: 'fileName',
      render: (_v, row) => (
        <Space direction="vertical" size={0} style={{ minWidth: 0, maxWidth: '100%' }}>
          <Typography.Link
            onClick={() => void downloadCaseDocument(row)}
            data-testid="case-document-link"
            ellipsis
            title={row.fileName}
          >
            {row.fileName}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {sizeText(row.fileSize)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'uploader',
      title: t('screens.patentDocument.uploader'),
      width: 150,
      render: (_v, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.createUserName || '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.createTime}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('screens.patentDocument.actions'),
      width: 80,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('screens.patentDocument.download')}
            onClick={() => void downloadCaseDocument(row)}
          />
          {isAdmin || row.createUser === me?.user_id ? (
            <Popconfirm
              title={t('screens.patentDocument.removeConfirm', { name: row.fileName })}
              onConfirm={() => remove(row)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('screens.patentDocument.remove')}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const refused = docs.isError
    ? docs.error instanceof RequestError && docs.error.message
      ? docs.error.message
      : t('screens.patentDocument.loadFailed')
    : undefined;

  const body = (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="case-documents">
      {taskId ? (
        <Space wrap>
          <Typography.Text type="secondary">
            {t('screens.patentDocument.uploadOn', { step: stepName ?? '' })}
          </Typography.Text>
          <Select<DocumentKind>
            value={kind}
            onChange={setKind}
            style={{ width: 160 }}
            aria-label={t('screens.patentDocument.kind')}
            placeholder={t('screens.patentDocument.kindPlaceholder')}
            options={DOCUMENT_KINDS.map((value) => ({
              value,
              label: t(`screens.patentDocument.kinds.${value}`),
            }))}
          />
          <Upload customRequest={customRequest} showUploadList={false} maxCount={1} disabled={uploading}>
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('screens.patentDocument.upload')}
            </Button>
          </Upload>
        </Space>
      ) : null}
      {refused ? (
        <Alert type="warning" showIcon title={refused} />
      ) : docs.isSuccess && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.patentDocument.empty')} />
      ) : (
        <Table<Row>
          size="small"
          rowKey="id"
          loading={docs.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: t('screens.patentDocument.empty') }}
        />
      )}
    </Space>
  );
  if (!framed) return body;
  return (
    <Card size="small" title={t('screens.patentDocument.title')}>
      {body}
    </Card>
  );
}
