import { NodeIndexOutlined, StopOutlined } from '@ant-design/icons';
import { FLOW_DICT_CODE, FLOW_INSTANCE_STATUSES, FLOW_PERMISSIONS } from '@cube/contract';
import { Form, Input, Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowInstanceRow, flowFollowApi } from '../../../api/flow-model';
import { type CrudField, CrudPage, type CrudRowAction, type MessageKey } from '../../../components/crud';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { DiagramDialog, type DiagramRequest } from '../work/DiagramDialog';
import { CategoryText, categoryFilter, codeOptions, useIsPlatform } from './controls';

const label = (name: string) => `screens.flowFollow.${name}` as MessageKey;
const STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  suspended: 'warning',
  completed: 'success',
  terminated: 'default',
};

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'}>
      {t(`screens.flowFollow.statuses.${status}` as 'screens.flowFollow.statuses.running', status)}
    </Tag>
  );
}

function buildFields(platform: boolean): CrudField[] {
  return [
    {
      name: 'title',
      label: label('title'),
      search: true,
      form: false,
      table: { width: 220, ellipsis: true },
    },
    {
      name: 'processDefinitionName',
      label: label('processDefinitionName'),
      form: false,
      table: {
        width: 220,
        ellipsis: true,
        render: (value, record) => `${String(value)} v${String(record.processDefinitionVersion)}`,
      },
    },
    {
      name: 'processDefinitionKey',
      label: label('processDefinitionKey'),
      search: true,
      form: false,
      table: false,
    },
    {
      name: 'status',
      label: label('status'),
      type: 'select',
      options: codeOptions([...FLOW_INSTANCE_STATUSES, 'all'], 'screens.flowFollow.statuses'),
      search: true,
      form: false,
      table: { width: 90, render: (value) => <StatusTag status={String(value)} /> },
    },
    {
      name: 'currentActivityNames',
      label: label('currentActivityNames'),
      form: false,
      table: { width: 180, ellipsis: true },
    },
    { name: 'starterName', label: label('starterName'), form: false, table: { width: 100 } },
    { name: 'startTime', label: label('startTime'), form: false, table: { width: 170 } },
    {
      name: 'category',
      label: label('category'),
      type: 'dict',
      dict: { code: FLOW_DICT_CODE, source: 'biz' },
      search: true,
      form: false,
      table: { width: 180, ellipsis: true, render: (value) => <CategoryText value={String(value ?? '')} /> },
    },
    {
      name: 'processInstanceId',
      label: label('processInstanceId'),
      search: true,
      form: false,
      table: { width: 180 },
    },
    // The platform administrator sees every tenant's instances (bound tenants' databases included), each with its
    // tenant, or one tenant's (`tenantId` filter); others see their own.
    ...(platform
      ? [
          {
            name: 'tenantId',
            label: label('tenantId'),
            search: true,
            form: false,
            table: { width: 90 },
          } as CrudField,
        ]
      : []),
  ];
}

const listApi = {
  ...flowFollowApi,
  list: (query: Parameters<typeof flowFollowApi.list>[0]) =>
    flowFollowApi.list({ ...query, category: categoryFilter(query.category) }),
};

/** 终止 with its reason (required, as BladeX's `deleteReason`); the instance ends as terminated. */
function TerminateDialog({
  instance,
  platform,
  onClose,
  onDone,
}: {
  instance: FlowInstanceRow;
  platform: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { deleteReason } = await form.validateFields();
    setBusy(true);
    try {
      // The platform administrator's list holds every tenant's instances: the server is told whose this one is.
      await flowFollowApi.terminate(
        instance.processInstanceId,
        deleteReason.trim(),
        platform ? instance.tenantId : undefined,
      );
      void message.success(t('screens.flowFollow.terminated'));
      onDone();
      onClose();
    } catch (error) {
      reportFailure(error, message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('screens.flowFollow.terminateTitle', {
        title: instance.title || instance.processDefinitionName,
      })}
      okText={t('screens.flowFollow.terminate')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="deleteReason"
          label={t('screens.flowFollow.deleteReason')}
          rules={[
            { required: true, whitespace: true, message: t('screens.flow.deleteReasonRequired') },
            { max: 500, message: t('crud.maxLength', { max: 500 }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 流程跟踪 (`/flow/follow`): the tenant's instances (the platform administrator: every tenant's), running ones by
 * default. 流程图 shows where an
 * instance stands (passed steps green, current ones blue); 终止 ends a running one with a reason.
 */
export default function FollowPage() {
  const platform = useIsPlatform();
  const fields = useMemo(() => buildFields(platform), [platform]);
  const [diagram, setDiagram] = useState<DiagramRequest | undefined>();
  const [terminating, setTerminating] = useState<{
    row: FlowInstanceRow;
    reload: () => Promise<void>;
  } | null>(null);

  const rowActions: CrudRowAction<FlowInstanceRow>[] = [
    {
      key: 'diagram',
      label: 'screens.flowFollow.diagram',
      icon: <NodeIndexOutlined />,
      onClick: ({ record }) =>
        setDiagram({
          name: record.title || record.processDefinitionName,
          target: {
            processInstanceId: record.processInstanceId,
            ...(platform ? { tenantId: record.tenantId } : {}),
          },
        }),
    },
    {
      key: 'terminate',
      label: 'screens.flowFollow.terminate',
      icon: <StopOutlined />,
      danger: true,
      permission: FLOW_PERMISSIONS.followDelete,
      hidden: ({ record }) => record.status === 'completed' || record.status === 'terminated',
      onClick: ({ record, reload }) => setTerminating({ row: record, reload }),
    },
  ];

  return (
    <>
      <CrudPage<FlowInstanceRow>
        resource="flowFollow"
        api={listApi}
        fields={fields}
        rowActions={rowActions}
        actionWidth={160}
      />
      <DiagramDialog request={diagram} onClose={() => setDiagram(undefined)} />
      {terminating ? (
        <TerminateDialog
          instance={terminating.row}
          platform={platform}
          onClose={() => setTerminating(null)}
          onDone={() => void terminating.reload()}
        />
      ) : null}
    </>
  );
}
