import { CheckSquareOutlined } from '@ant-design/icons';
import { FLOW_PERMISSIONS } from '@cube/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { claimListApi, claimTask, type FlowTaskRow } from '../../../api/flow-work';
import { useMessageApi } from '../../../lib/feedback';
import {
  candidateGroupsField,
  categoryField,
  processNameField,
  starterField,
  taskNameField,
  timeField,
  titleField,
} from './fields';
import { WORK_COUNT_KEY } from './WorkCount';
import { WorkList } from './WorkList';

const fields = [
  titleField,
  processNameField,
  taskNameField,
  candidateGroupsField,
  categoryField,
  starterField,
  timeField('createTime', true),
];

/** 待签事务: group tasks I may take; 签收 (after a confirmation) moves one to my 待办. */
export default function ClaimPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  return (
    <WorkList<FlowTaskRow>
      resource="flow-work-claim"
      api={claimListApi}
      fields={fields}
      detailPermission={FLOW_PERMISSIONS.claimDetail}
      followPermission={FLOW_PERMISSIONS.claimFollow}
      actions={() => [
        {
          key: 'claim',
          label: 'screens.work.claim',
          icon: <CheckSquareOutlined />,
          permission: FLOW_PERMISSIONS.claimSign,
          onClick: ({ record, reload }) =>
            modal.confirm({
              title: t('common.tip'),
              content: t('screens.work.claimConfirm'),
              okText: t('common.confirm'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                try {
                  await claimTask(record.taskId);
                } catch {
                  // The request client has shown the server's message (taken by someone else, …).
                  await reload();
                  return;
                }
                void message.success(t('screens.work.claimed'));
                void queryClient.invalidateQueries({ queryKey: ['flow-work-todo'] });
                void queryClient.invalidateQueries({ queryKey: WORK_COUNT_KEY });
                await reload();
              },
            }),
        },
      ]}
    />
  );
}
