import { CheckCircleOutlined, CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  FLOW_MODEL_KEY_PATTERN,
  FLOW_PERMISSIONS,
  type FlowModel,
  flowModelEntity,
  STEP_FORM_KEYS,
  STEP_FORMS,
} from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FlowRefusal,
  type FlowValidationIssue,
  flowModelApi,
  roleAliasOptions,
} from '../../../api/flow-model';
import { BpmnModeler, type BpmnModelerHandle, type ModelerChoices } from '../../../components/bpmn/Modeler';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { useCan } from '../../../stores/permission';
import { CategorySelect } from './controls';
import { DeployDialog } from './DeployDialog';
import styles from './FlowDesigner.module.css';

/** What the designer opens: a saved model (`id`), or a new one (blank, or an uploaded file's XML). */
export interface DesignerTarget {
  id?: string;
  xml?: string;
  modelKey?: string;
  name?: string;
}

interface HeaderValues {
  modelKey: string;
  name: string;
  category?: string;
  description?: string;
}

/** A new diagram: one start event, laid out, in a process the save renames to the model key. */
function blankDiagram(startName: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="${startName}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

/** The step forms the contract declares (`STEP_FORMS`): the only form keys the server deploys. */
const FORM_KEY_CHOICES = STEP_FORM_KEYS.map((key) => ({
  value: key,
  label: `${STEP_FORMS[key]?.title ?? key} (${key})`,
}));

/** The server's answer as the designer lists it: its problems, or its message pinned to nothing. */
function refusalIssues(error: FlowRefusal): FlowValidationIssue[] {
  return error.issues.length > 0
    ? [...error.issues]
    : [{ elementId: '', elementName: '', message: error.message }];
}

/**
 * The workflow designer (模型管理 → 设计): full screen, the model's key, name, type and description
 * above the bpmn-js designer. 保存 checks the diagram in the browser first (the lint's errors stop it), then the
 * server checks again and its problems are listed and marked on the diagram; a saved model can be deployed from
 * here. Closing with unsaved changes asks first.
 */
export default function FlowDesigner({
  target,
  onClose,
}: {
  target: DesignerTarget;
  /** `changed`: something was saved or deployed (the list reloads). */
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const can = useCan();
  const [form] = Form.useForm<HeaderValues>();
  const modeler = useRef<BpmnModelerHandle>(null);
  const [modelId, setModelId] = useState(target.id);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'validate' | null>(null);
  const [serverIssues, setServerIssues] = useState<FlowValidationIssue[]>([]);
  const [deploying, setDeploying] = useState<Pick<FlowModel, 'id' | 'name' | 'category'> | null>(null);
  const changed = useRef(false);

  const detail = useQuery({
    queryKey: ['flowModel', 'detail', target.id],
    queryFn: () => flowModelApi.detail(target.id as string),
    enabled: target.id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const roles = useQuery({
    queryKey: ['flowModel', 'roleAliases'],
    queryFn: roleAliasOptions,
    staleTime: 60_000,
  });

  const model = detail.data;
  const xml = useMemo(
    () =>
      target.id
        ? model?.modelEditorXml
        : (target.xml ?? blankDiagram(t('screens.flowDesigner.types.StartEvent'))),
    [target.id, target.xml, model?.modelEditorXml, t],
  );
  const choices = useMemo<ModelerChoices>(
    () => ({
      // Variables every start sets (contract FLOW_RESERVED_VARIABLES) or the patent starts pass (agentId).
      assignees: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a process expression, not a template
        { value: '${starterId}', label: t('screens.flowDesigner.starter') },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a process expression, not a template
        { value: '${agentId}', label: t('screens.flowDesigner.agent') },
      ],
      candidateGroups: roles.data ?? [],
      formKeys: FORM_KEY_CHOICES,
    }),
    [roles.data, t],
  );
  const initialValues = useMemo<HeaderValues>(
    () =>
      model
        ? {
            modelKey: model.modelKey,
            name: model.name,
            category: model.category || undefined,
            description: model.description,
          }
        : {
            modelKey: target.modelKey ?? '',
            name: target.name ?? '',
          },
    [model, target.modelKey, target.name],
  );
  const editing = modelId !== undefined;
  const canSave = can(editing ? flowModelEntity.permissions.edit : flowModelEntity.permissions.add);

  /** Saves; the model's id, or undefined when the lint or the server refused. */
  const save = async (): Promise<{ id: string; values: HeaderValues } | undefined> => {
    const values = await form.validateFields();
    const handle = modeler.current;
    if (!handle) return undefined;
    setBusy('save');
    try {
      const { xml: saved, issues } = await handle.save({ id: values.modelKey, name: values.name });
      const errors = issues.filter((issue) => issue.severity === 'error');
      if (errors.length > 0) {
        setServerIssues([]);
        void message.error(t('screens.flowDesigner.fixFirst', { count: errors.length }));
        return undefined;
      }
      const { id } = await flowModelApi.save({
        ...(modelId ? { id: modelId } : {}),
        modelKey: values.modelKey,
        name: values.name,
        category: values.category ?? '',
        description: values.description ?? '',
        modelEditorXml: saved,
      });
      setModelId(id);
      setServerIssues([]);
      handle.markSaved();
      changed.current = true;
      void message.success(t('screens.flowDesigner.saved'));
      return { id, values };
    } catch (error) {
      if (error instanceof FlowRefusal) {
        setServerIssues(refusalIssues(error));
        void message.error(error.message);
      } else reportFailure(error, message);
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  const validate = async () => {
    const handle = modeler.current;
    if (!handle) return;
    setBusy('validate');
    try {
      const modelKey = form.getFieldValue('modelKey') as string | undefined;
      const identity = modelKey && FLOW_MODEL_KEY_PATTERN.test(modelKey) ? modelKey : undefined;
      const name = (form.getFieldValue('name') as string | undefined) ?? '';
      const { xml: current, issues } = await handle.save(identity ? { id: identity, name } : undefined);
      const result = await flowModelApi.validate(current, identity);
      setServerIssues(result.errors);
      const count = result.errors.length + issues.filter((issue) => issue.severity === 'error').length;
      if (count === 0) void message.success(t('screens.flowDesigner.valid'));
      else void message.warning(t('screens.flowDesigner.invalid', { count }));
    } catch (error) {
      reportFailure(error, message);
    } finally {
      setBusy(null);
    }
  };

  const saveAndDeploy = async () => {
    const saved = await save().catch(() => undefined);
    if (saved) setDeploying({ id: saved.id, name: saved.values.name, category: saved.values.category ?? '' });
  };

  const close = () => {
    if (!dirty) return onClose(changed.current);
    modal.confirm({
      title: t('screens.flowDesigner.unsavedTitle'),
      content: t('screens.flowDesigner.unsavedContent'),
      okText: t('screens.flowDesigner.discard'),
      okButtonProps: { danger: true },
      cancelText: t('screens.flowDesigner.keepEditing'),
      onOk: () => onClose(changed.current),
    });
  };

  const title = editing
    ? t('screens.flowDesigner.titleEdit', { name: model?.name ?? initialValues.name })
    : t('screens.flowDesigner.titleNew');

  return (
    <Modal
      open
      title={title}
      width="100vw"
      centered={false}
      className={styles.modal}
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 64px)', display: 'flex', flexDirection: 'column', gap: 8 } }}
      footer={null}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={close}
      destroyOnHidden
    >
      {target.id && detail.isError ? (
        <Alert type="error" showIcon title={t('crud.detailFailed')} />
      ) : xml === undefined ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : (
        <>
          <Form
            form={form}
            name="flowDesigner"
            layout="inline"
            className={styles.header}
            initialValues={initialValues}
            disabled={!canSave}
          >
            <Form.Item
              name="modelKey"
              label={t('screens.flowModel.modelKey')}
              rules={[
                { required: true, whitespace: true, message: t('screens.flowModel.modelKeyRequired') },
                { pattern: FLOW_MODEL_KEY_PATTERN, message: t('screens.flowModel.modelKeyInvalid') },
                { max: flowModelEntity.limits.modelKey, message: t('crud.maxLength', { max: 64 }) },
              ]}
            >
              <Input style={{ width: 180 }} disabled={editing} />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('screens.flowModel.name')}
              rules={[
                { required: true, whitespace: true, message: t('screens.flowModel.nameRequired') },
                { max: flowModelEntity.limits.name, message: t('crud.maxLength', { max: 100 }) },
              ]}
            >
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="category" label={t('screens.flowModel.category')}>
              <CategorySelect style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('screens.flowModel.description')}
              rules={[
                { max: flowModelEntity.limits.description, message: t('crud.maxLength', { max: 500 }) },
              ]}
            >
              <Input style={{ width: 220 }} />
            </Form.Item>
            <Space wrap>
              <Button
                icon={<CheckCircleOutlined />}
                loading={busy === 'validate'}
                onClick={() => void validate()}
              >
                {t('screens.flowDesigner.validate')}
              </Button>
              {canSave ? (
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={busy === 'save'}
                  onClick={() => void save().catch(() => undefined)}
                >
                  {t('screens.flowDesigner.save')}
                </Button>
              ) : null}
              {canSave && can(FLOW_PERMISSIONS.modelDeploy) ? (
                <Button
                  icon={<CloudUploadOutlined />}
                  disabled={busy !== null}
                  onClick={() => void saveAndDeploy()}
                >
                  {t('screens.flowDesigner.saveAndDeploy')}
                </Button>
              ) : null}
            </Space>
          </Form>
          <div className={styles.body}>
            <BpmnModeler
              ref={modeler}
              xml={xml}
              choices={choices}
              serverIssues={serverIssues}
              onDirtyChange={setDirty}
            />
          </div>
        </>
      )}
      {deploying ? (
        <DeployDialog
          model={deploying}
          onClose={() => setDeploying(null)}
          onDeployed={() => {
            changed.current = true;
          }}
        />
      ) : null}
    </Modal>
  );
}
