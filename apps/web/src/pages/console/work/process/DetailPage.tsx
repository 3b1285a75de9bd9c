import { FormOutlined } from '@ant-design/icons';
import { flowPagePath } from '@cube/contract';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CaseDocuments } from '../../patent/CaseDocuments';
import { answerError } from './answers';
import { CaseCard, ProcessData } from './CaseCard';
import { processKind } from './kinds';
import { DiagramCard, ProcessCard, useInstance } from './ProcessInfo';
import styles from './process.module.css';

/**
 * `/work/process/<route>/detail/<processInstanceId>/<businessId>`: read-only — the case (or the
 * process data), the process facts and timeline, and the diagram with the steps passed and the current ones marked.
 * A participant with an open task of the instance gets a button to handle it.
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route = '', processInstanceId = '', businessId = '0' } = useParams();
  const instance = useInstance(processInstanceId);
  if (instance.isError)
    return (
      <Result
        status="warning"
        title={t('screens.workProcess.detailTitle')}
        subTitle={answerError(instance.error)}
      />
    );
  if (!instance.data) return <Skeleton active />;
  const data = instance.data;
  const patent = processKind(route).kind === 'patent';
  return (
    <div className={styles.page} data-testid="flow-detail">
      {data.myTaskId ? (
        <Alert
          type="info"
          showIcon
          title={t('screens.workProcess.taskStep', {
            name: data.tasks.find((task) => task.taskId === data.myTaskId)?.taskName ?? '',
          })}
          action={
            <Button
              type="primary"
              size="small"
              icon={<FormOutlined />}
              onClick={() =>
                void navigate(
                  flowPagePath(route, 'handle', {
                    taskId: data.myTaskId,
                    processInstanceId,
                    businessId,
                  }),
                )
              }
            >
              {t('screens.workProcess.handleMine')}
            </Button>
          }
        />
      ) : null}
      <div className={styles.columns}>
        <div className={styles.stack}>
          {patent ? (
            <CaseCard businessId={businessId} instance={data} />
          ) : (
            <Card size="small" title={t('screens.workProcess.variables')}>
              <ProcessData instance={data} titled={false} />
            </Card>
          )}
          {patent ? <CaseDocuments applicationId={businessId} /> : null}
        </div>
        <div className={styles.stack}>
          <ProcessCard instance={data} route={route} />
        </div>
      </div>
      <DiagramCard processInstanceId={processInstanceId} />
    </div>
  );
}
