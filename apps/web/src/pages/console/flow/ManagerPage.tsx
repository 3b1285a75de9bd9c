import {
  DeleteOutlined,
  NodeIndexOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { FLOW_DICT_CODE, FLOW_PERMISSIONS, FLOW_SUSPENSION, type FlowDefinition } from '@cube/contract';
import { App, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowDefinitionApi } from '../../../api/flow-model';
import { type CrudField, CrudPage, type CrudRowAction, type MessageKey } from '../../../components/crud';
import { useMessageApi } from '../../../lib/feedback';
import { DiagramDialog, type DiagramRequest } from '../work/DiagramDialog';
import { CategoryText, categoryFilter } from './controls';

const label = (name: string) => `screens.flowManager.${name}` as MessageKey;
const MODE_KEYS: Record<number, string> = { 1: 'common', 2: 'custom' };

function ModeTag({ mode }: { mode: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={mode === 1 ? 'blue' : 'purple'}>
      {t(`screens.flowManager.modes.${MODE_KEYS[mode] ?? 'custom'}` as 'screens.flowManager.modes.common')}
    </Tag>
  );
}

function StateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return state === FLOW_SUSPENSION.suspended ? (
    <Tag color="warning">{t('screens.flowManager.suspended')}</Tag>
  ) : (
    <Tag color="success">{t('screens.flowManager.active')}</Tag>
  );
}

function SourceText({ source }: { source: string }) {
  const { t } = useTranslation();
  return <>{t(`screens.flowManager.sources.${source}` as 'screens.flowManager.sources.model', source)}</>;
}

function TenantText({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  return <>{tenantId || t('screens.flowManager.common')}</>;
}

// The columns that decide what to do (version, state, running instances) come first; the rest scroll.
const fields: CrudField[] = [
  { name: 'key', label: label('key'), search: true, form: false, table: { width: 180 } },
  { name: 'name', label: label('name'), search: true, form: false, table: { width: 200, ellipsis: true } },
  {
    name: 'version',
    label: label('version'),
    form: false,
    table: { width: 80, render: (value) => `v${String(value)}` },
  },
  {
    name: 'suspensionState',
    label: label('suspensionState'),
    form: false,
    table: { width: 80, render: (value) => <StateTag state={Number(value)} /> },
  },
  {
    name: 'mode',
    label: label('mode'),
    type: 'select',
    options: [
      { value: 1, label: 'screens.flowManager.modes.common' },
      { value: 2, label: 'screens.flowManager.modes.custom' },
    ],
    search: true,
    form: false,
    table: { width: 100, render: (value) => <ModeTag mode={Number(value)} /> },
  },
  {
    name: 'tenantId',
    label: label('tenantId'),
    form: false,
    table: { width: 80, render: (value) => <TenantText tenantId={String(value ?? '')} /> },
  },
  { name: 'runningCount', label: label('runningCount'), form: false, table: { width: 80 } },
  { name: 'deployTime', label: label('deployTime'), form: false, table: { width: 170 } },
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
    name: 'source',
    label: label('source'),
    form: false,
    table: { width: 80, render: (value) => <SourceText source={String(value ?? '')} /> },
  },
  { name: 'deployUserName', label: label('deployUserName'), form: false, table: { width: 100 } },
];

/** The list filter `category` arrives as the dictionary's key; the endpoint takes `flow_<key>`. */
const listApi = {
  ...flowDefinitionApi,
  list: (query: Parameters<typeof flowDefinitionApi.list>[0]) =>
    flowDefinitionApi.list({ ...query, category: categoryFilter(query.category) }),
};

/**
 * 流程管理 (`/flow/manager`): every deployed version, common and the tenant's own, newest first.
 * 挂起 stops new starts (and pauses running instances), 激活 undoes it; 删除 is refused while instances run, 强制删除
 * terminates them first; 流程图 shows the deployed diagram.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const [diagram, setDiagram] = useState<DiagramRequest | undefined>();

  const changeState = (record: FlowDefinition, reload: () => Promise<void>) => {
    const suspend = record.suspensionState !== FLOW_SUSPENSION.suspended;
    const values = { name: record.name || record.key, version: record.version };
    modal.confirm({
      title: t(suspend ? 'screens.flowManager.suspend' : 'screens.flowManager.activate'),
      content: t(
        suspend ? 'screens.flowManager.suspendConfirm' : 'screens.flowManager.activateConfirm',
        values,
      ),
      onOk: async () => {
        await flowDefinitionApi.changeState(record.id, suspend ? 'suspend' : 'active');
        void message.success(t('screens.flowManager.stateChanged'));
        await reload();
      },
    });
  };

  const rowActions: CrudRowAction<FlowDefinition>[] = [
    {
      key: 'suspend',
      label: 'screens.flowManager.suspend',
      icon: <PauseCircleOutlined />,
      permission: FLOW_PERMISSIONS.managerState,
      hidden: ({ record }) => record.suspensionState === FLOW_SUSPENSION.suspended,
      onClick: ({ record, reload }) => changeState(record, reload),
    },
    {
      key: 'activate',
      label: 'screens.flowManager.activate',
      icon: <PlayCircleOutlined />,
      permission: FLOW_PERMISSIONS.managerState,
      hidden: ({ record }) => record.suspensionState !== FLOW_SUSPENSION.suspended,
      onClick: ({ record, reload }) => changeState(record, reload),
    },
    {
      key: 'diagram',
      label: 'screens.flowManager.diagram',
      icon: <NodeIndexOutlined />,
      permission: FLOW_PERMISSIONS.managerImage,
      onClick: ({ record }) =>
        setDiagram({
          name: `${record.name || record.key} v${record.version}`,
          target: { processDefinitionId: record.id },
        }),
    },
    {
      key: 'forceDelete',
      label: 'screens.flowManager.forceDelete',
      icon: <DeleteOutlined />,
      danger: true,
      permission: FLOW_PERMISSIONS.managerRemove,
      hidden: ({ record }) => record.runningCount === 0,
      onClick: ({ record, reload }) =>
        modal.confirm({
          title: t('screens.flowManager.forceDelete'),
          content: t('screens.flowManager.forceDeleteConfirm', {
            name: record.name || record.key,
            version: record.version,
            count: record.runningCount,
          }),
          okButtonProps: { danger: true },
          onOk: async () => {
            await flowDefinitionApi.removeForced([record.id]);
            void message.success(t('crud.deleted'));
            await reload();
          },
        }),
    },
  ];

  return (
    <>
      <CrudPage<FlowDefinition>
        resource="flowDefinition"
        api={listApi}
        fields={fields}
        permissions={{ delete: FLOW_PERMISSIONS.managerRemove }}
        rowActions={rowActions}
        actionWidth={240}
      />
      <DiagramDialog request={diagram} onClose={() => setDiagram(undefined)} />
    </>
  );
}
