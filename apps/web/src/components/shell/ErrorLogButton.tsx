import { BugOutlined, CloudUploadOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Badge, Button, Modal, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorLogEntry, uploadErrorLogs } from '../../api/log';
import { useMessageApi } from '../../lib/feedback';
import { useCopyText } from '../../lib/useCopyText';
import { logBadgeCount, useErrorLogStore } from '../../stores/errorLog';
import { withLoading } from '../../stores/loading';
import { HeaderAction } from './HeaderAction';
import styles from './shell.module.css';

/** One entry as plain text, the way a user pastes it into a message to support. */
export function errorLogEntryText(entry: ErrorLogEntry): string {
  return [`[${entry.type}] ${entry.time}`, entry.url, entry.message, entry.info, entry.stack]
    .filter(Boolean)
    .join('\n');
}

/**
 * The local error log: a badge with the entry count (at most 99), a dialog listing the entries,
 * upload of all entries (confirm '确定上传本地日志到服务器?', then '发送成功!' and the list is cleared) and clear
 * (confirm '确定清空本地日志记录?', then '清空成功!'). Shown only when there is something to show.
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const logs = useErrorLogStore((state) => state.logs);
  const [open, setOpen] = useState(false);
  const copyText = useCopyText();

  if (logs.length === 0 && !open) return null;

  const upload = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('errorLog.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await withLoading(() => uploadErrorLogs(useErrorLogStore.getState().logs));
        useErrorLogStore.getState().clear();
        setOpen(false);
        void message.success(t('errorLog.uploaded'));
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('errorLog.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        useErrorLogStore.getState().clear();
        setOpen(false);
        void message.success(t('errorLog.cleared'));
      },
    });

  const columns: TableColumnsType<ErrorLogEntry> = [
    {
      title: t('errorLog.type'),
      dataIndex: 'type',
      width: 80,
      render: (type: string) => <Tag color="error">{type}</Tag>,
    },
    { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
    {
      title: t('errorLog.message'),
      dataIndex: 'message',
      render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text>,
    },
    { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
    {
      key: 'copy',
      width: 80,
      render: (_: unknown, record: ErrorLogEntry) => (
        <Button
          type="link"
          size="small"
          icon={<CopyOutlined />}
          onClick={() => void copyText(errorLogEntryText(record))}
        >
          {t('common.copy')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <HeaderAction title={t('errorLog.title')} onClick={() => setOpen(true)}>
        <Badge count={logBadgeCount(logs.length)} overflowCount={99} size="small" offset={[4, -2]}>
          <BugOutlined className={styles.actionIcon} />
        </Badge>
      </HeaderAction>
      <Modal
        title={t('errorLog.title')}
        open={open}
        width={960}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button danger icon={<DeleteOutlined />} onClick={clear} disabled={logs.length === 0}>
              {t('errorLog.clear')}
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={upload}
              disabled={logs.length === 0}
            >
              {t('errorLog.upload')}
            </Button>
          </Space>
        }
      >
        <Table<ErrorLogEntry>
          size="small"
          rowKey={(record) => `${record.time}-${record.message}-${logs.indexOf(record)}`}
          columns={columns}
          dataSource={logs}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ y: 420 }}
          expandable={{
            expandedRowRender: (record) => (
              <div className={styles.logDetail}>
                <div>
                  <b>{t('errorLog.info')}：</b>
                  {record.info || t('common.empty')}
                </div>
                <pre>{record.stack || t('common.empty')}</pre>
              </div>
            ),
          }}
        />
      </Modal>
    </>
  );
}
