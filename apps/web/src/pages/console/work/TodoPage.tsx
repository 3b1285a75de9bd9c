import { FormOutlined } from '@ant-design/icons';
import { FLOW_PERMISSIONS } from '@cube/contract';
import { type FlowTaskRow, todoListApi } from '../../../api/flow-work';
import {
  categoryField,
  processNameField,
  starterField,
  taskNameField,
  timeField,
  titleField,
} from './fields';
import { WorkList } from './WorkList';

const fields = [
  titleField,
  processNameField,
  taskNameField,
  categoryField,
  starterField,
  timeField('createTime', true),
  timeField('dueTime'),
];

/** 待办事务: tasks assigned to me; 办理 opens the category's handle page. */
export default function TodoPage() {
  return (
    <WorkList<FlowTaskRow>
      resource="flow-work-todo"
      api={todoListApi}
      fields={fields}
      detailPermission={FLOW_PERMISSIONS.todoDetail}
      followPermission={FLOW_PERMISSIONS.todoFollow}
      actions={(open) => [
        {
          key: 'handle',
          label: 'screens.work.handle',
          icon: <FormOutlined />,
          permission: FLOW_PERMISSIONS.todoHandle,
          onClick: ({ record }) => open.handle(record),
        },
      ]}
    />
  );
}
