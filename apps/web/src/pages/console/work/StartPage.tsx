import { ApartmentOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { FLOW_PERMISSIONS, FLOW_SUSPENSION, type FlowDefinition, flowPagePath } from '@cube/contract';
import { Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { startListApi } from '../../../api/flow-work';
import { type CrudField, CrudPage, type MessageKey } from '../../../components/crud';
import { i18n } from '../../../lib/i18n';
import { DiagramDialog, type DiagramRequest } from './DiagramDialog';
import { categoryField, timeField } from './fields';
import { useRouteOfCategory } from './flowRoutes';

const fields: CrudField[] = [
  { name: 'name', label: 'screens.work.processDefinitionName', search: true, table: { width: 220 } },
  { name: 'key', label: 'screens.work.processDefinitionKey', table: { width: 180 } },
  categoryField,
  {
    name: 'version',
    label: 'screens.work.version',
    table: { width: 80, render: (value) => <Tag>v{String(value)}</Tag> },
  },
  {
    name: 'mode',
    label: 'screens.work.mode',
    table: {
      width: 100,
      render: (value) => i18n.t(`screens.work.modes.${value === 2 ? 2 : 1}` as MessageKey),
    },
  },
  {
    name: 'suspensionState',
    label: 'screens.work.suspensionState',
    table: {
      width: 80,
      render: (value) =>
        value === FLOW_SUSPENSION.suspended ? (
          <Tag color="warning">{i18n.t('screens.work.suspended')}</Tag>
        ) : (
          <Tag color="success">{i18n.t('screens.work.active')}</Tag>
        ),
    },
  },
  timeField('deployTime'),
];

/**
 * 发起事务: the newest definition of each process the tenant may start. 发起 opens the category's form page
 * (`/work/process/<route>/form/<definitionId>`); 流程图 shows the definition's diagram.
 */
export default function StartPage() {
  const navigate = useNavigate();
  const routeOf = useRouteOfCategory();
  const [diagram, setDiagram] = useState<DiagramRequest>();
  return (
    <>
      <CrudPage<FlowDefinition>
        resource="flow-work-start"
        api={startListApi}
        fields={fields}
        selectable={false}
        actionWidth={170}
        rowActions={[
          {
            key: 'start',
            label: 'screens.work.startFlow',
            icon: <PlayCircleOutlined />,
            permission: FLOW_PERMISSIONS.startFlow,
            hidden: ({ record }) => record.suspensionState === FLOW_SUSPENSION.suspended,
            onClick: ({ record }) =>
              void navigate(
                flowPagePath(routeOf(record.category), 'form', { processDefinitionId: record.id }),
              ),
          },
          {
            key: 'diagram',
            label: 'screens.work.diagram',
            icon: <ApartmentOutlined />,
            permission: FLOW_PERMISSIONS.startImage,
            onClick: ({ record }) =>
              setDiagram({ name: record.name, target: { processDefinitionId: record.id } }),
          },
        ]}
      />
      <DiagramDialog request={diagram} onClose={() => setDiagram(undefined)} />
    </>
  );
}
