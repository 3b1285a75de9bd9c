import { FLOW_INSTANCE_STATUSES, type FlowInstanceDetail } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchInstanceDetail } from '../../../../api/flow-work';
import { candidateGroupsLabel, joinLabels } from '../../../../lib/codeLabels';
import { ProcessDiagram } from '../ProcessDiagram';
import { FlowTimeline } from './FlowTimeline';
import { processKind } from './kinds';

export const instanceKey = (processInstanceId: string) => ['flow', 'instance', processInstanceId] as const;

/** The instance of a business page (`process/detail`). */
export function useInstance(processInstanceId: string | undefined) {
  return useQuery({
    queryKey: instanceKey(processInstanceId ?? ''),
    queryFn: () => fetchInstanceDetail(processInstanceId ?? ''),
    enabled: Boolean(processInstanceId),
  });
}

const STATUS_COLORS = {
  running: 'processing',
  suspended: 'warning',
  completed: 'success',
  terminated: 'error',
} as const;

/** The instance's status tag. */
export function InstanceStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = FLOW_INSTANCE_STATUSES.find((item) => item === status);
  return known ? (
    <Tag color={STATUS_COLORS[known]}>{t(`screens.work.instanceStatuses.${known}`)}</Tag>
  ) : (
    <Tag>{status}</Tag>
  );
}

/** 流程信息: the instance's facts. */
export function InstanceFacts({ instance }: { instance: FlowInstanceDetail }) {
  const { t } = useTranslation();
  const current = joinLabels(instance.tasks.map((task) => task.taskName));
  // A task nobody holds yet names its candidate groups (by role name, never the alias).
  const assignees = joinLabels(
    instance.tasks
      .map(
        (task) =>
          task.assigneeName ||
          (task.candidateGroups
            ? t('screens.work.candidateGroupsOf', {
                names: candidateGroupsLabel(task.candidateGroups, task.candidateGroupNames),
              })
            : ''),
      )
      .filter(Boolean),
  );
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { whiteSpace: 'nowrap', width: 96 } }}
      items={[
        {
          key: 'process',
          label: t('screens.work.processDefinitionName'),
          children: `${instance.processDefinitionName} v${instance.processDefinitionVersion}`,
        },
        {
          key: 'status',
          label: t('screens.workProcess.instanceStatus'),
          children: <InstanceStatus status={instance.status} />,
        },
        { key: 'title', label: t('screens.work.title'), children: instance.title || '-', span: 'filled' },
        { key: 'starter', label: t('screens.workProcess.starter'), children: instance.starterName || '-' },
        { key: 'startTime', label: t('screens.workProcess.startTime'), children: instance.startTime },
        { key: 'current', label: t('screens.workProcess.current'), children: current || '-' },
        {
          key: 'assignee',
          label: t('screens.workProcess.currentAssignee'),
          children: assignees || '-',
        },
        ...(instance.endTime
          ? [{ key: 'endTime', label: t('screens.workProcess.endTime'), children: instance.endTime }]
          : []),
      ]}
    />
  );
}

/** 流程信息 card: the facts and the timeline. */
export function ProcessCard({ instance, route }: { instance: FlowInstanceDetail; route: string }) {
  const { t } = useTranslation();
  const generic = processKind(route).kind === 'generic';
  return (
    <Card size="small" title={t('screens.workProcess.processCard')} data-testid="flow-process">
      {generic ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('screens.workProcess.genericRoute', { route })}
        />
      ) : null}
      <InstanceFacts instance={instance} />
      <h4>{t('screens.workProcess.timeline')}</h4>
      <FlowTimeline processInstanceId={instance.processInstanceId} />
    </Card>
  );
}

/** 流程图 card: the instance's diagram with the passed and current steps marked. */
export function DiagramCard({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('screens.work.diagram')} data-testid="flow-diagram">
      <ProcessDiagram target={{ processInstanceId }} height={420} />
    </Card>
  );
}
