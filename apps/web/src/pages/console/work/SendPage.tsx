import { FLOW_PERMISSIONS } from '@cube/contract';
import { type FlowInstanceRow, sendListApi } from '../../../api/flow-work';
import { categoryField, processNameField, progressField, textField, timeField, titleField } from './fields';
import { WorkList } from './WorkList';

const fields = [
  titleField,
  processNameField,
  categoryField,
  textField('currentActivityNames', 160),
  progressField,
  timeField('startTime'),
  timeField('endTime'),
  // The list's date range filters the start time (the endpoints' beginDate / endDate).
  { ...timeField('createTime', true), table: false },
];

/** 已发事务: the instances I started, with their progress. */
export default function SendPage() {
  return (
    <WorkList<FlowInstanceRow>
      resource="flow-work-send"
      api={sendListApi}
      fields={fields}
      detailPermission={FLOW_PERMISSIONS.sendDetail}
      followPermission={FLOW_PERMISSIONS.sendFollow}
    />
  );
}
