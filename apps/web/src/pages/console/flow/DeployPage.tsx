import { CloudUploadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployUpload, FlowRefusal, type FlowValidationIssue } from '../../../api/flow-model';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import {
  DeployTargetFields,
  type DeployTargetValues,
  deployedText,
  RefusalAlert,
  toDeployTarget,
} from './DeployTarget';

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const BPMN_FILE = /\.(bpmn|bpmn20\.xml)$/i;

/**
 * 流程部署 (`/flow/deploy`): `.bpmn` files deployed straight away, each its own process (the process
 * id is the key), under the chosen type, common or for chosen tenants. The server checks every file; a refusal
 * lists its problems and deploys nothing.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<DeployTargetValues & { files?: UploadFile[] }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<
    { ok: string } | { refused: string; issues: readonly FlowValidationIssue[] } | null
  >(null);

  const submit = async () => {
    const values = await form.validateFields();
    const chosen = files
      .map((file) => file.originFileObj)
      .filter((file): file is NonNullable<typeof file> => !!file);
    setBusy(true);
    setOutcome(null);
    try {
      const result = await deployUpload(chosen, toDeployTarget(values));
      const list = deployedText(result.definitions, t);
      setOutcome({ ok: list });
      setFiles([]);
      form.setFieldValue('files', []);
      void message.success(t('screens.flowDeploy.deployed'));
    } catch (error) {
      if (error instanceof FlowRefusal) setOutcome({ refused: error.message, issues: error.issues });
      else reportFailure(error, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('screens.flowDeploy.pageTitle')} style={{ maxWidth: 720 }}>
      <Form form={form} name="flowDeployUpload" layout="vertical">
        <DeployTargetFields form={form} />
        <Form.Item
          name="files"
          required
          label={t('screens.flowDeploy.file')}
          extra={t('screens.flowDeploy.fileHelp')}
          rules={[
            {
              validator: async () => {
                if (files.length === 0) throw new Error(t('screens.flow.fileRequired'));
              },
            },
          ]}
        >
          <Upload
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            beforeUpload={(file) => {
              if (!BPMN_FILE.test(file.name)) {
                void message.error(t('screens.flow.fileInvalid'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_FILE_BYTES) {
                void message.error(t('screens.flow.fileTooLarge'));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => {
              setFiles(fileList);
              void form.validateFields(['files']).catch(() => {});
            }}
          >
            <Button icon={<UploadOutlined />}>{t('screens.flowDeploy.choose')}</Button>
          </Upload>
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('screens.flowDeploy.versionNote')}</Typography.Paragraph>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          loading={busy}
          onClick={() => void submit().catch(() => {})}
        >
          {t('screens.flowDeploy.submit')}
        </Button>
      </Form>
      {outcome && 'ok' in outcome ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('screens.flowDeploy.result', { list: outcome.ok })}
        />
      ) : null}
      {outcome && 'refused' in outcome ? (
        <div style={{ marginTop: 16 }}>
          <RefusalAlert message={outcome.refused} issues={outcome.issues} />
        </div>
      ) : null}
    </Card>
  );
}
