import { SendOutlined } from '@ant-design/icons';
import {
  FLOW_MENU_PATHS,
  FLOW_SUSPENSION,
  PATENT_TYPES,
  type PatentApplication,
  type PatentType,
  patentApplicationEntity,
} from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type StartProcessInput, startListApi, startProcess } from '../../../../api/flow-work';
import { patentApplicationApi } from '../../../../api/patent';
import {
  type CrudControlProps,
  type CrudField,
  CrudFormItems,
  fromFormValues,
  toFormValues,
} from '../../../../components/crud';
import { useMessageApi } from '../../../../lib/feedback';
import { useMenuStore } from '../../../../stores/menu';
import { menuHref } from '../../../../stores/menuRoutes';
import { useCan } from '../../../../stores/permission';
import { caseFields } from '../../patent/CaseDetail';
import { categoryOfRoute } from '../flowRoutes';
import { ProcessDiagram } from '../ProcessDiagram';
import { WORK_COUNT_KEY } from '../WorkCount';
import { AgentSelect } from './AgentSelect';
import { CASE_READ } from './CaseCard';
import { type ProcessKind, processKind } from './kinds';
import { leaveFor } from './leave';
import styles from './process.module.css';

const SEND_HREF = menuHref({ path: FLOW_MENU_PATHS.send, code: '', id: '', name: '' });
/** The case fields a new case is started with (status starts at drafting; the rest comes with the notices). */
const NEW_CASE_FIELDS = [
  'docketNo',
  'patentType',
  'title',
  'companyId',
  'agentUserId',
  'inventors',
  'remark',
];

/** The new-case fields for a process of these patent types (one type: fixed; several: a choice among them). */
function newCaseFields(types: readonly PatentType[]): CrudField[] {
  return caseFields
    .filter((field) => NEW_CASE_FIELDS.includes(field.name))
    .map((field): CrudField => {
      if (field.name === 'patentType')
        return {
          ...field,
          options: field.options?.filter((option) => types.includes(option.value as PatentType)),
          initialValue: types[0],
          readOnlyIn: types.length === 1 ? ['add'] : [],
        };
      if (field.name === 'agentUserId')
        return {
          ...field,
          label: 'screens.workProcess.agent',
          control: AgentSelect,
          required: 'screens.workProcess.agentRequired',
        };
      return field;
    });
}

/** An existing case of the tenant, searched by docket number or title. */
function CaseSelect({ value, onChange, id, types }: CrudControlProps & { types: readonly PatentType[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const cases = useQuery({
    queryKey: [patentApplicationEntity.name, 'flow-pick', search],
    queryFn: () => patentApplicationApi.list({ current: 1, size: 20, title: search || undefined }),
  });
  const options = (cases.data?.records ?? [])
    .filter((item: PatentApplication) => types.includes(item.patentType as PatentType))
    .map((item: PatentApplication) => ({ value: item.id, label: `${item.docketNo} ${item.title}` }));
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={(value as string) || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      onSearch={setText}
      filterOption={false}
      loading={cases.isFetching}
      options={options}
      placeholder={t('screens.workProcess.caseSelectPlaceholder')}
    />
  );
}

type FormValues = Record<string, unknown>;

/**
 * `/work/process/<route>/form/<processDefinitionId>`: starts a process of the route's category.
 * The patent processes start with their case — a new one saved in the same transaction, or an existing one of
 * the tenant — and its agent; the approval process with a subject. Without a definition id (the top bar's patent
 * entries) the newest startable definition of the category is used. The definition's diagram shows below.
 */
export default function FormPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const can = useCan();
  const { route = '', processDefinitionId } = useParams();
  const flowRoutes = useMenuStore((state) => state.flowRoutes);
  const category = categoryOfRoute(flowRoutes, route);
  const kind = useMemo(() => processKind(route), [route]);
  const [form] = Form.useForm<FormValues>();
  const [submitting, setSubmitting] = useState(false);
  const caseMode = Form.useWatch('caseMode', form) ?? 'new';

  const definitions = useQuery({
    queryKey: ['flow-work-start', 'form', category],
    queryFn: () => startListApi.list({ current: 1, size: 200, category }),
    enabled: category !== '',
  });
  const records = definitions.data?.records ?? [];
  const definition = processDefinitionId
    ? records.find((item) => item.id === processDefinitionId)
    : records[0];
  const definitionId = processDefinitionId ?? definition?.id;
  const name =
    definition?.name ?? flowRoutes.find((entry) => entry.routeKey === category)?.name ?? t('route.workForm');
  const caseFieldsOfKind = useMemo(
    () => (kind.kind === 'patent' ? newCaseFields(kind.patentTypes) : []),
    [kind],
  );

  if (category !== '' && definitions.isPending) return <Skeleton active />;
  if (!definitionId)
    return <Result status="info" title={name} subTitle={t('screens.workProcess.noDefinition')} />;
  if (definition?.suspensionState === FLOW_SUSPENSION.suspended)
    return <Result status="warning" title={name} subTitle={t('screens.workProcess.definitionSuspended')} />;

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const input = startInput(kind, definitionId, values, caseFieldsOfKind);
    setSubmitting(true);
    try {
      const result = await startProcess(input);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['flow-work-send'] });
      void queryClient.invalidateQueries({ queryKey: ['flow-work-todo'] });
      void queryClient.invalidateQueries({ queryKey: ['flow-work-claim'] });
      void queryClient.invalidateQueries({ queryKey: WORK_COUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: [patentApplicationEntity.name] });
      void message.success(t('screens.workProcess.started', { names: result.currentActivityNames || '-' }));
      await leaveFor(navigate, pathname, SEND_HREF);
    } catch {
      // The request client has shown the server's message; the form stays as it was.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page} data-testid="flow-form">
      <Card size="small" title={t('screens.workProcess.formTitle', { name })}>
        <Form
          form={form}
          layout="vertical"
          name="flow-start"
          initialValues={{
            caseMode: 'new',
            ...(kind.kind === 'proposal' ? { patentType: 'invention' } : {}),
            ...toFormValues(undefined, caseFieldsOfKind),
            ...defaults(caseFieldsOfKind),
          }}
        >
          {kind.kind === 'patent' ? (
            <>
              {can(CASE_READ) ? (
                <Form.Item name="caseMode" label={t('screens.workProcess.caseMode')}>
                  <Radio.Group
                    optionType="button"
                    options={[
                      { value: 'new', label: t('screens.workProcess.caseNew') },
                      { value: 'existing', label: t('screens.workProcess.caseExisting') },
                    ]}
                  />
                </Form.Item>
              ) : null}
              {caseMode === 'existing' ? (
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="applicationId"
                      label={t('screens.workProcess.caseSelect')}
                      rules={[{ required: true, message: t('screens.workProcess.caseRequired') }]}
                    >
                      <CaseSelect types={kind.patentTypes} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="agentId" label={t('screens.workProcess.agent')}>
                      <AgentSelect />
                    </Form.Item>
                  </Col>
                </Row>
              ) : (
                <CrudFormItems fields={caseFieldsOfKind} mode="add" />
              )}
            </>
          ) : (
            <>
              <Form.Item
                name="title"
                label={t('screens.workProcess.proposalTitle')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('screens.workProcess.proposalTitleRequired'),
                  },
                ]}
              >
                <Input maxLength={200} />
              </Form.Item>
              {kind.kind === 'proposal' ? (
                // What the case opened on approval will be (server: flow/proposal.ts).
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="patentType"
                      label={t('screens.workProcess.proposalType')}
                      extra={t('screens.workProcess.proposalTypeHelp')}
                    >
                      <Select
                        options={PATENT_TYPES.map((type) => ({
                          value: type,
                          label: t(`screens.patentApplication.types.${type}`),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="inventors" label={t('screens.workProcess.proposalInventors')}>
                      <Input maxLength={500} />
                    </Form.Item>
                  </Col>
                </Row>
              ) : null}
            </>
          )}
          <Form.Item name="comment" label={t('screens.workProcess.startComment')}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          <Space>
            <Button type="primary" icon={<SendOutlined />} loading={submitting} onClick={() => void submit()}>
              {t('screens.workProcess.submit')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card size="small" title={t('screens.work.diagram')}>
        <ProcessDiagram target={{ processDefinitionId: definitionId }} height={360} />
      </Card>
    </div>
  );
}

/** Each field's initial value (the patent type of a one-type process). */
function defaults(fields: readonly CrudField[]): FormValues {
  return Object.fromEntries(
    fields
      .filter((field) => field.initialValue !== undefined)
      .map((field) => [field.name, field.initialValue]),
  );
}

/** The `start-process` body of the form's values. */
function startInput(
  kind: ProcessKind,
  processDefinitionId: string,
  values: FormValues,
  fields: readonly CrudField[],
): StartProcessInput {
  const comment =
    typeof values.comment === 'string' && values.comment.trim() ? values.comment.trim() : undefined;
  const input: StartProcessInput = { processDefinitionId, ...(comment ? { comment } : {}) };
  if (kind.kind === 'proposal') {
    const inventors = typeof values.inventors === 'string' ? values.inventors.trim() : '';
    const variables = {
      ...(typeof values.patentType === 'string' ? { patentType: values.patentType } : {}),
      ...(inventors ? { inventors } : {}),
    };
    return { ...input, title: String(values.title ?? '').trim(), variables };
  }
  if (kind.kind !== 'patent') return { ...input, title: String(values.title ?? '').trim() };
  if (values.caseMode === 'existing') {
    const agentId = typeof values.agentId === 'string' && values.agentId ? values.agentId : undefined;
    return {
      ...input,
      applicationId: String(values.applicationId),
      ...(agentId ? { variables: { agentId } } : {}),
    };
  }
  const application: Record<string, unknown> = {
    ...fromFormValues(values, fields),
    patentStatus: 'drafting',
  };
  const agentId = String(application.agentUserId ?? '');
  return { ...input, application, ...(agentId ? { variables: { agentId } } : {}) };
}
