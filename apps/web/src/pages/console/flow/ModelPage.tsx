import {
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  FLOW_DICT_CODE,
  FLOW_MODEL_KEY_PATTERN,
  FLOW_PERMISSIONS,
  type FlowModel,
  flowModelEntity,
} from '@cube/contract';
import { App, Button, Tag, Upload } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowModelApi } from '../../../api/flow-model';
import { preloadDesigner } from '../../../components/bpmn/loadModeler';
import { CrudPage, type CrudRowAction, type CrudToolbarAction, entityFields } from '../../../components/crud';
import { loadChunk } from '../../../lib/chunk';
import { useMessageApi } from '../../../lib/feedback';
import { CategoryText, categoryFilter } from './controls';
import { DeployDialog } from './DeployDialog';
import type { DesignerTarget } from './FlowDesigner';

/**
 * The designer (and bpmn-js behind it) is not part of the model list's chunk: fetched in idle time once the list
 * is open (preloadDesigner), or when it is first opened.
 */
const loadFlowDesigner = () => loadChunk(() => import('./FlowDesigner'));
const FlowDesigner = lazy(loadFlowDesigner);

/** Largest `.bpmn` file the upload reads (the server's limit for uploads, contract `fileTooLarge`). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const BPMN_FILE = /\.(bpmn|bpmn20\.xml|xml)$/i;

const fields = entityFields(flowModelEntity, [
  { name: 'modelKey', search: true, table: { width: 180 } },
  {
    name: 'name',
    search: true,
    table: {
      width: 280,
      render: (value, record) => (
        <>
          {String(value)}
          {(record as FlowModel).builtinKey ? (
            <BuiltinTag edited={(record as FlowModel).builtinChanged === 1} />
          ) : null}
        </>
      ),
    },
  },
  { name: 'version', form: false, table: { width: 70, render: (value) => `v${String(value)}` } },
  {
    name: 'deployedVersion',
    form: false,
    table: {
      width: 100,
      render: (value) => (Number(value) > 0 ? `v${String(value)}` : <DeployedNone />),
    },
  },
  {
    name: 'category',
    type: 'dict',
    dict: { code: FLOW_DICT_CODE, source: 'biz' },
    search: true,
    form: false,
    table: { width: 180, ellipsis: true, render: (value) => <CategoryText value={String(value ?? '')} /> },
  },
  { name: 'description', type: 'textarea', table: false },
  { name: 'updateTime', form: false, table: { width: 170 } },
]);

function DeployedNone() {
  const { t } = useTranslation();
  return <Tag>{t('screens.flowModel.notDeployed')}</Tag>;
}

function BuiltinTag({ edited }: { edited: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={edited ? 'orange' : 'blue'} style={{ marginInlineStart: 8 }}>
      {t(edited ? 'screens.flowModel.builtinEdited' : 'screens.flowModel.builtin')}
    </Tag>
  );
}

/** The list filter `category` arrives as the dictionary's key; the endpoint takes `flow_<key>`. */
const listApi = {
  ...flowModelApi,
  list: (query: Parameters<typeof flowModelApi.list>[0]) =>
    flowModelApi.list({ ...query, category: categoryFilter(query.category) }),
};

/** The process id and name of an uploaded file, read in the browser before the designer opens it. */
function identityOf(xml: string): { modelKey?: string; name?: string } | undefined {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) return undefined;
  const process = document.getElementsByTagNameNS(
    'http://www.omg.org/spec/BPMN/20100524/MODEL',
    'process',
  )[0];
  if (!process) return undefined;
  const id = process.getAttribute('id') ?? '';
  return {
    ...(FLOW_MODEL_KEY_PATTERN.test(id) ? { modelKey: id } : {}),
    name: process.getAttribute('name') ?? '',
  };
}

/**
 * 模型管理: the tenant's process models. 新建 and 设计 open the designer full screen; 上传
 * opens a `.bpmn` file in it (nothing is saved until 保存); 部署 makes a new version of the process, common or for
 * chosen tenants; 还原内置 copies a shipped process back over its model.
 */
export default function ModelPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const [designing, setDesigning] = useState<DesignerTarget | null>(null);
  const [deploying, setDeploying] = useState<FlowModel | null>(null);
  const reloadList = useRef<() => Promise<void>>(async () => {});
  useEffect(() => preloadDesigner(loadFlowDesigner), []);

  const openFile = async (file: File) => {
    if (!BPMN_FILE.test(file.name)) return void message.error(t('screens.flow.fileInvalid'));
    if (file.size > MAX_FILE_BYTES) return void message.error(t('screens.flow.fileTooLarge'));
    const xml = await file.text();
    const identity = identityOf(xml);
    if (!identity) return void message.error(t('screens.flow.bpmnUnreadable'));
    setDesigning({ xml, ...identity });
  };

  const toolbarActions: CrudToolbarAction<FlowModel>[] = [
    {
      key: 'create',
      label: 'screens.flowModel.create',
      icon: <PlusOutlined />,
      permission: FLOW_PERMISSIONS.modelCreate,
      onClick: ({ reload }) => {
        reloadList.current = reload;
        setDesigning({});
      },
    },
    {
      key: 'upload',
      permission: FLOW_PERMISSIONS.modelCreate,
      render: ({ reload }) => (
        <Upload
          accept=".bpmn,.xml"
          showUploadList={false}
          beforeUpload={(file) => {
            reloadList.current = reload;
            void openFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('screens.flowModel.upload')}</Button>
        </Upload>
      ),
    },
  ];

  const rowActions: CrudRowAction<FlowModel>[] = [
    {
      key: 'design',
      label: 'screens.flowModel.design',
      icon: <EditOutlined />,
      permission: FLOW_PERMISSIONS.modelUpdate,
      onClick: ({ record, reload }) => {
        reloadList.current = reload;
        setDesigning({ id: record.id });
      },
    },
    {
      key: 'deploy',
      label: 'screens.flowModel.deploy',
      icon: <SendOutlined />,
      permission: FLOW_PERMISSIONS.modelDeploy,
      onClick: ({ record, reload }) => {
        reloadList.current = reload;
        setDeploying(record);
      },
    },
    {
      key: 'download',
      label: 'screens.flowModel.download',
      icon: <DownloadOutlined />,
      permission: FLOW_PERMISSIONS.modelDownload,
      onClick: ({ record }) => flowModelApi.download(record).catch(() => {}),
    },
    {
      key: 'restore',
      label: 'screens.flowModel.restore',
      icon: <RollbackOutlined />,
      permission: FLOW_PERMISSIONS.modelRestore,
      hidden: ({ record }) => !record.builtinKey,
      onClick: ({ record, reload }) =>
        modal.confirm({
          title: t('screens.flowModel.restore'),
          content: t('screens.flowModel.restoreConfirm', { name: record.name }),
          onOk: async () => {
            await flowModelApi.restoreBuiltin(record.id);
            void message.success(t('screens.flowModel.restored'));
            await reload();
          },
        }),
    },
  ];

  return (
    <>
      <CrudPage<FlowModel>
        resource={flowModelEntity.name}
        api={listApi}
        fields={fields}
        permissions={{ delete: FLOW_PERMISSIONS.modelDelete }}
        toolbarActions={toolbarActions}
        rowActions={rowActions}
        // The server keeps built-in models (恢复内置 restores them); they offer no 删除.
        removable={(record) => !record.builtinKey}
        actionWidth={330}
      />
      {designing ? (
        <Suspense fallback={null}>
          <FlowDesigner
            target={designing}
            onClose={(changed) => {
              setDesigning(null);
              if (changed) void reloadList.current();
            }}
          />
        </Suspense>
      ) : null}
      {deploying ? (
        <DeployDialog
          model={deploying}
          onClose={() => setDeploying(null)}
          onDeployed={() => void reloadList.current()}
        />
      ) : null}
    </>
  );
}
