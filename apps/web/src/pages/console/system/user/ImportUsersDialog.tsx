import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { UserImportError, UserImportResult } from '@cube/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../../api/request';
import { downloadUserTemplate, importUsers } from '../../../../api/user';
import { reportFailure } from '../../../../components/crud/failures';
import { useMessageApi } from '../../../../lib/feedback';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

interface ImportUsersDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 用户导入: template download, the file, the "overwrite existing accounts" switch, then the upload's progress and
 * the server's processing state (it checks every row before it writes anything), and the outcome — counts and a
 * generated initial password, or every error by row and column.
 */
export function ImportUsersDialog({ open, onClose }: ImportUsersDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<UserImportResult>();
  const [errors, setErrors] = useState<UserImportError[]>();
  const busy = phase.kind !== 'idle';

  const close = () => {
    if (busy) return;
    setFile(undefined);
    setResult(undefined);
    setErrors(undefined);
    setCovered(false);
    onClose();
  };

  const start = async () => {
    if (!file) {
      void message.warning(t('screens.user.importChooseFile'));
      return;
    }
    setResult(undefined);
    setErrors(undefined);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const done = await importUsers(file, covered, (percent) =>
        // Once the last byte is sent the server is checking and writing: say so rather than sit at 100%.
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
      );
      setResult(done);
      // The user screen's lists are keyed `user:<tenant>` (the platform administrator chooses the tenant).
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('user'),
      });
    } catch (error) {
      const body =
        error instanceof RequestError ? (error.body as { data?: UserImportResult; msg?: string }) : undefined;
      if (body?.data?.errors?.length) setErrors(body.data.errors);
      else if (error instanceof RequestError && body?.msg) void message.error(body.msg);
      else reportFailure(error, message);
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('screens.user.importTitle')}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={close}
      closable={!busy}
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            {t('crud.close')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void start()} data-testid="import-start">
            {t('screens.user.importStart')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>1. {t('screens.user.importStep1')}</Typography.Text>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => downloadUserTemplate().catch((error) => reportFailure(error, message))}
          >
            {t('screens.user.downloadTemplate')}
          </Button>
        </Space>
        <Typography.Text>2. {t('screens.user.importStep2')}</Typography.Text>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          disabled={busy}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setResult(undefined);
            setErrors(undefined);
            return false;
          }}
          onRemove={() => setFile(undefined)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('screens.user.importDrop')}</p>
        </Upload.Dragger>
        <Space>
          <Switch
            checked={covered}
            onChange={setCovered}
            disabled={busy}
            aria-label={t('screens.user.importCover')}
          />
          <Typography.Text>{t('screens.user.importCover')}</Typography.Text>
          <Typography.Text type="secondary">{t('screens.user.importCoverHelp')}</Typography.Text>
        </Space>
        {phase.kind === 'uploading' ? (
          <div>
            <Typography.Text>{t('screens.user.importUploading')}</Typography.Text>
            <Progress percent={phase.percent} status="active" />
          </div>
        ) : null}
        {phase.kind === 'processing' ? (
          <div data-testid="import-processing">
            <Typography.Text>{t('screens.user.importProcessing')}</Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        ) : null}
        {result ? (
          <Alert
            type="success"
            showIcon
            data-testid="import-result"
            title={t('screens.user.importDone', {
              total: result.total,
              inserted: result.inserted,
              updated: result.updated,
            })}
            description={
              result.initPassword ? (
                <>
                  {t('screens.user.importInitPassword')}{' '}
                  <Typography.Text code copyable>
                    {result.initPassword}
                  </Typography.Text>
                </>
              ) : undefined
            }
          />
        ) : null}
        {errors ? (
          <>
            <Alert type="error" showIcon title={t('screens.user.importFailed', { count: errors.length })} />
            <Table<UserImportError>
              data-testid="import-errors"
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('screens.user.importRow'), width: 80 },
                { key: 'column', dataIndex: 'column', title: t('screens.user.importColumn'), width: 120 },
                { key: 'message', dataIndex: 'message', title: t('screens.user.importMessage') },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
