import {
  CheckOutlined,
  CheckSquareOutlined,
  CloseOutlined,
  RollbackOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { FLOW_MENU_PATHS, type FlowOutcome, flowPagePath, stepFormOf } from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { claimTask, completeTask, fetchTaskDetail, unclaimTask } from '../../../../api/flow-work';
import { useMessageApi } from '../../../../lib/feedback';
import { menuHref } from '../../../../stores/menuRoutes';
import { CaseDocuments } from '../../patent/CaseDocuments';
import { WORK_COUNT_KEY } from '../WorkCount';
import { answerError, isTaskGone } from './answers';
import { CaseCard, ProcessData } from './CaseCard';
import { historyKey } from './FlowTimeline';
import { processKind } from './kinds';
import { leaveFor } from './leave';
import { DiagramCard, instanceKey, ProcessCard, useInstance } from './ProcessInfo';
import styles from './process.module.css';
import { StepFormFields, stepFieldNames, stepFormVariables } from './StepForm';

const TODO_HREF = menuHref({ path: FLOW_MENU_PATHS.todo, code: '', id: '', name: '' });
const COMMENT_MAX = 1000;
const OUTCOME_ICONS = { approve: <CheckOutlined />, return: <RollbackOutlined />, reject: <CloseOutlined /> };

interface HandleValues {
  comment: string;
  /** The step form's fields (declared in the contract, drawn by StepFormFields). */
  [field: string]: unknown;
}

/**
 * `/work/process/<route>/handle/<taskId>/<processInstanceId>/<businessId>`: the case, the
 * task with a required comment and the outcomes its step offers (同意 / 退回修改 / 驳回), and the process
 * (timeline, marked diagram). A group task is claimed first. A task someone else completed meanwhile — when the
 * page opens or when it is submitted — shows that plainly instead of a form that can only fail.
 */
export default function HandlePage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { route = '', taskId = '', processInstanceId = '', businessId = '0' } = useParams();
  const [form] = Form.useForm<HandleValues>();
  const [busy, setBusy] = useState<FlowOutcome | 'claim' | 'unclaim'>();
  const [gone, setGone] = useState(false);
  const task = useQuery({
    queryKey: ['flow', 'task', taskId],
    queryFn: () => fetchTaskDetail(taskId),
    retry: false,
    staleTime: 0,
  });
  const instance = useInstance(processInstanceId);
  const detailHref = flowPagePath(route, 'detail', { processInstanceId, businessId });

  const refreshLists = () => {
    for (const key of ['flow-work-todo', 'flow-work-claim', 'flow-work-done', 'flow-work-send'])
      void queryClient.invalidateQueries({ queryKey: [key] });
    void queryClient.invalidateQueries({ queryKey: WORK_COUNT_KEY });
    void queryClient.invalidateQueries({ queryKey: instanceKey(processInstanceId) });
    void queryClient.invalidateQueries({ queryKey: historyKey(processInstanceId) });
    void queryClient.invalidateQueries({ queryKey: ['flow', 'diagram'] });
  };

  const claim = async () => {
    setBusy('claim');
    try {
      await claimTask(taskId, { handlesErrors: true });
      void message.success(t('screens.workProcess.claimedNow'));
      refreshLists();
      await task.refetch();
    } catch (error) {
      if (isTaskGone(error)) setGone(true);
      else void message.error(answerError(error));
    } finally {
      setBusy(undefined);
    }
  };

  /** A claimed group task back to the group's 待签事务 (candidate tasks only). */
  const unclaim = async () => {
    setBusy('unclaim');
    try {
      await unclaimTask(taskId);
      void message.success(t('screens.workProcess.unclaimed'));
      refreshLists();
      await leaveFor(navigate, pathname, TODO_HREF);
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(undefined);
    }
  };

  const complete = async (flag: FlowOutcome) => {
    // A step form's fields count on 同意 only: returning or rejecting the step records nothing.
    const stepForm = flag === 'approve' ? stepFormOf(task.data?.formKey) : undefined;
    let values: HandleValues;
    try {
      values = await form.validateFields(['comment', ...stepFieldNames(stepForm)]);
    } catch {
      return; // The form shows what is missing.
    }
    setBusy(flag);
    try {
      const variables = stepForm ? stepFormVariables(stepForm, values) : undefined;
      const result = await completeTask({
        taskId,
        processInstanceId,
        flag,
        comment: String(values.comment).trim(),
        ...(variables ? { variables } : {}),
      });
      void message.success(
        result.processIsFinished
          ? t('screens.workProcess.completedFinished')
          : result.currentActivityNames
            ? t('screens.workProcess.completedNext', { names: result.currentActivityNames })
            : t('screens.workProcess.completed'),
      );
      refreshLists();
      await leaveFor(navigate, pathname, TODO_HREF);
    } catch (error) {
      if (isTaskGone(error)) {
        setGone(true);
        refreshLists();
      } else void message.error(answerError(error));
    } finally {
      setBusy(undefined);
    }
  };

  const taskGone = gone || (task.isError && isTaskGone(task.error)) || Boolean(task.data?.endTime);
  if (taskGone)
    return (
      <Result
        status="info"
        title={t('screens.workProcess.takenTitle')}
        subTitle={t('screens.workProcess.takenDescription')}
        data-testid="flow-task-gone"
        extra={[
          <Button key="todo" type="primary" onClick={() => void leaveFor(navigate, pathname, TODO_HREF)}>
            {t('screens.workProcess.backToTodo')}
          </Button>,
          <Button key="detail" onClick={() => void navigate(detailHref)}>
            {t('screens.workProcess.viewDetail')}
          </Button>,
        ]}
      />
    );
  if (task.isError)
    return <Result status="warning" title={t('screens.work.handle')} subTitle={answerError(task.error)} />;
  if (!task.data || !instance.data) return <Skeleton active />;

  const detail = task.data;
  const stepForm = stepFormOf(detail.formKey);
  const patent = processKind(route).kind === 'patent';
  const taskCard = (
    <Card
      size="small"
      title={t('screens.workProcess.taskStep', { name: detail.taskName })}
      data-testid="flow-task"
    >
      {detail.canComplete ? (
        <Form form={form} layout="vertical" name="flow-complete">
          {stepForm ? <StepFormFields form={stepForm} host={form} /> : null}
          <Form.Item
            name="comment"
            label={t('screens.workProcess.commentLabel')}
            rules={[{ required: true, whitespace: true, message: t('screens.workProcess.commentRequired') }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={COMMENT_MAX}
              showCount
              placeholder={t('screens.workProcess.commentPlaceholder')}
            />
          </Form.Item>
          <div className={styles.outcomes}>
            {detail.outcomes.map((outcome) => (
              <Button
                key={outcome.flag}
                type={outcome.flag === 'approve' ? 'primary' : 'default'}
                danger={outcome.flag === 'reject'}
                icon={OUTCOME_ICONS[outcome.flag]}
                loading={busy === outcome.flag}
                disabled={busy !== undefined && busy !== outcome.flag}
                onClick={() => void complete(outcome.flag)}
              >
                {t(`screens.work.outcomes.${outcome.flag}`)}
              </Button>
            ))}
            {detail.candidateGroups ? (
              <Button
                icon={<UndoOutlined />}
                loading={busy === 'unclaim'}
                disabled={busy !== undefined && busy !== 'unclaim'}
                onClick={() => void unclaim()}
              >
                {t('screens.workProcess.unclaim')}
              </Button>
            ) : null}
          </div>
        </Form>
      ) : detail.canClaim ? (
        <Alert
          type="info"
          showIcon
          title={t('screens.workProcess.claimFirst')}
          action={
            <Button
              type="primary"
              icon={<CheckSquareOutlined />}
              loading={busy === 'claim'}
              onClick={() => void claim()}
            >
              {t('screens.workProcess.claimNow')}
            </Button>
          }
        />
      ) : (
        <Alert type="warning" showIcon title={t('screens.workProcess.notCandidate')} />
      )}
    </Card>
  );

  return (
    <div className={styles.page} data-testid="flow-handle">
      <div className={styles.columns}>
        <div className={styles.stack}>
          {taskCard}
          {patent ? (
            <CaseDocuments
              applicationId={businessId}
              taskId={detail.canComplete || detail.canClaim ? taskId : undefined}
              stepName={detail.taskName}
            />
          ) : null}
          {patent ? (
            <CaseCard
              businessId={businessId}
              instance={instance.data}
              handler={detail.canComplete || detail.canClaim}
            />
          ) : (
            <Card size="small" title={t('screens.workProcess.variables')}>
              <ProcessData instance={instance.data} titled={false} />
            </Card>
          )}
        </div>
        <div className={styles.stack}>
          <ProcessCard instance={instance.data} route={route} />
          <Space>
            <Button onClick={() => void navigate(detailHref)}>{t('screens.workProcess.viewDetail')}</Button>
          </Space>
        </div>
      </div>
      <DiagramCard processInstanceId={processInstanceId} />
    </div>
  );
}
