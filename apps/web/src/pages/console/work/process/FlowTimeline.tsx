import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FlagOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { FLOW_OUTCOMES } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FlowHistoryEntry, fetchHistory } from '../../../../api/flow-work';
import styles from './process.module.css';

export const historyKey = (processInstanceId: string) => ['flow', 'history', processInstanceId] as const;

const OUTCOME_COLORS = { approve: 'success', return: 'warning', reject: 'error' } as const;

/**
 * 流转记录: who handled which step when, how long it took, what they decided and said — oldest
 * first; the step waiting now last, in blue.
 */
export function FlowTimeline({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: historyKey(processInstanceId),
    queryFn: () => fetchHistory(processInstanceId),
  });
  if (history.isError) return <Alert type="warning" showIcon title={t('screens.workProcess.loadFailed')} />;
  if (!history.data) return <Skeleton active />;
  if (history.data.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.workProcess.timelineEmpty')} />
    );
  return (
    <Timeline
      className={styles.timeline}
      data-testid="flow-timeline"
      items={history.data.map((entry, index) => ({
        key: `${entry.historyActivityId}-${index}`,
        color: entry.endTime ? 'green' : 'blue',
        icon: icon(entry),
        content: <TimelineEntry entry={entry} />,
      }))}
    />
  );
}

function icon(entry: FlowHistoryEntry) {
  if (entry.historyActivityType === 'startEvent') return <PlayCircleOutlined />;
  if (entry.historyActivityType === 'endEvent') return <FlagOutlined />;
  return entry.endTime ? <CheckCircleOutlined /> : <ClockCircleOutlined />;
}

function TimelineEntry({ entry }: { entry: FlowHistoryEntry }) {
  const { t } = useTranslation();
  const outcome = FLOW_OUTCOMES.find((item) => item === entry.outcome);
  const step =
    entry.historyActivityName ||
    (entry.historyActivityType === 'startEvent'
      ? t('screens.workProcess.timelineStarted')
      : entry.historyActivityType === 'endEvent'
        ? t('screens.workProcess.timelineEnded')
        : entry.historyActivityId);
  return (
    <div className={styles.entry}>
      <div className={styles.entryHead}>
        <Typography.Text strong>{step}</Typography.Text>
        {entry.assigneeName || entry.assignee ? (
          <Typography.Text>{entry.assigneeName || entry.assignee}</Typography.Text>
        ) : null}
        {outcome ? (
          <Tag color={OUTCOME_COLORS[outcome]}>
            {entry.outcomeName || t(`screens.work.outcomes.${outcome}`)}
          </Tag>
        ) : null}
        {entry.endTime ? null : <Tag color="processing">{t('screens.workProcess.timelineWaiting')}</Tag>}
      </div>
      <Typography.Text type="secondary" className={styles.entryTime}>
        {entry.createTime}
        {entry.endTime && entry.endTime !== entry.createTime ? ` → ${entry.endTime}` : ''}
        {entry.historyActivityDurationTime
          ? ` · ${t('screens.workProcess.timelineDuration', { text: entry.historyActivityDurationTime })}`
          : ''}
      </Typography.Text>
      {entry.comment ? <div className={styles.comment}>{entry.comment}</div> : null}
    </div>
  );
}
