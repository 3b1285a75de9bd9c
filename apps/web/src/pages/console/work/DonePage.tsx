import { FLOW_PERMISSIONS } from '@cube/contract';
import { doneListApi, type FlowTaskRow } from '../../../api/flow-work';
import {
  categoryField,
  outcomeField,
  processNameField,
  progressField,
  starterField,
  textField,
  timeField,
  titleField,
} from './fields';
import { WorkList } from './WorkList';

const fields = [
  titleField,
  processNameField,
  textField('taskName', 160),
  outcomeField,
  textField('comment', 200),
  categoryField,
  starterField,
  progressField,
  timeField('createTime', true),
  timeField('endTime'),
];

/** 办结事务: the tasks I completed, with what I decided. */
export default function DonePage() {
  return (
    <WorkList<FlowTaskRow>
      resource="flow-work-done"
      api={doneListApi}
      fields={fields}
      detailPermission={FLOW_PERMISSIONS.doneDetail}
      followPermission={FLOW_PERMISSIONS.doneFollow}
    />
  );
}
