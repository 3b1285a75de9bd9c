import type { FlowDeployResult, FlowModel } from '@cube/contract';
import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowRefusal, type FlowValidationIssue, flowModelApi } from '../../../api/flow-model';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import {
  DeployTargetFields,
  type DeployTargetValues,
  deployedText,
  RefusalAlert,
  toDeployTarget,
} from './DeployTarget';

/**
 * 部署 of a model: the model's saved XML becomes a new version of its process, common or one per
 * chosen tenant. Running instances keep the version they started on. A refusal (the XML does not validate, a
 * tenant is not allowed…) stays in the dialog with the server's messages.
 */
export function DeployDialog({
  model,
  onClose,
  onDeployed,
}: {
  model: Pick<FlowModel, 'id' | 'name' | 'category'>;
  onClose: () => void;
  onDeployed?: (result: FlowDeployResult) => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<DeployTargetValues>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; issues: readonly FlowValidationIssue[] } | null>(
    null,
  );

  const deploy = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      const result = await flowModelApi.deploy(model.id, toDeployTarget(values));
      void message.success(t('screens.flowDeploy.result', { list: deployedText(result.definitions, t) }));
      onDeployed?.(result);
      onClose();
    } catch (error) {
      if (error instanceof FlowRefusal) setRefusal({ message: error.message, issues: error.issues });
      else reportFailure(error, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('screens.flowDeploy.title', { name: model.name })}
      okText={t('screens.flowDeploy.submit')}
      onOk={() => void deploy().catch(() => {})}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        name="flowDeploy"
        layout="vertical"
        initialValues={{ category: model.category || undefined }}
      >
        <DeployTargetFields form={form} />
      </Form>
      <Typography.Paragraph type="secondary">{t('screens.flowDeploy.versionNote')}</Typography.Paragraph>
      {refusal ? <RefusalAlert message={refusal.message} issues={refusal.issues} /> : null}
    </Modal>
  );
}
