import { FileProtectOutlined, TeamOutlined } from '@ant-design/icons';
import {
  AGENT_COMPANY_AUTH_PERMISSION,
  type AgentCompany,
  agentCompanyEntity,
  PATENT_STATUS_LABELS,
  PATENT_TYPE_LABELS,
} from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Table } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findUsers } from '../../../api/lead';
import {
  agentCompanyApi,
  fetchCompanyUsers,
  patentApplicationApi,
  saveCompanyUsers,
} from '../../../api/patent';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../components/crud';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { userChoiceOptions } from '../../../lib/userChoices';
import { loadCompanyList } from '../../../stores/companies';

const fields = entityFields(agentCompanyEntity, [
  { name: 'uniName', search: true, table: { width: 220 } },
  { name: 'creditCode', search: true, table: { width: 190 } },
  { name: 'industry', search: true, table: { width: 100 } },
  { name: 'contact', search: true, table: { width: 90 } },
  { name: 'phone', table: { width: 130 } },
  { name: 'address', span: 24, table: { ellipsis: true } },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField({ search: false, table: false }),
]);

/** Who may act for a company: chosen from the tenant's users; saving replaces the whole set. */
function AuthDialog({ company, onClose }: { company: AgentCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['agent-company-users', company.id],
    queryFn: () => fetchCompanyUsers(company.id),
  });
  const users = useQuery({
    queryKey: ['agent-company-user-search', search],
    queryFn: () => findUsers(search),
  });
  useEffect(() => {
    if (current.data) setChosen(current.data);
  }, [current.data]);
  const options = userChoiceOptions(users.data ?? []);
  return (
    <Modal
      open
      title={t('screens.agentCompany.authTitle', { name: company.uniName })}
      onCancel={onClose}
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        try {
          await saveCompanyUsers(company.id, chosen);
          message.success(t('screens.agentCompany.saved'));
          void loadCompanyList();
          onClose();
        } catch (error) {
          reportFailure(error, message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('screens.agentCompany.authUsers')} help={t('screens.agentCompany.authHelp')}>
          <Select
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            onSearch={setText}
            filterOption={false}
            loading={users.isFetching || current.isFetching}
            // Chosen users not in the current search still show as chosen (by id until a search finds them).
            options={options}
            placeholder={t('screens.agentCompany.usersPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A company's patent cases (read from the case list filtered by company). */
function CasesDialog({ company, onClose }: { company: AgentCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const cases = useQuery({
    queryKey: ['agent-company-cases', company.id],
    queryFn: () => patentApplicationApi.list({ current: 1, size: 100, companyId: company.id }),
  });
  return (
    <Modal
      open
      width={820}
      footer={null}
      title={t('screens.agentCompany.casesTitle', { name: company.uniName })}
      onCancel={onClose}
    >
      <Table
        rowKey="id"
        size="small"
        loading={cases.isFetching}
        dataSource={cases.data?.records ?? []}
        pagination={false}
        columns={[
          { dataIndex: 'docketNo', title: t('screens.patentApplication.docketNo'), width: 110 },
          {
            dataIndex: 'patentType',
            title: t('screens.patentApplication.patentType'),
            width: 90,
            render: (v: string) =>
              v in PATENT_TYPE_LABELS ? t(`screens.patentApplication.types.${v}` as never) : v,
          },
          { dataIndex: 'title', title: t('screens.patentApplication.title') },
          { dataIndex: 'applicationNo', title: t('screens.patentApplication.applicationNo'), width: 150 },
          {
            dataIndex: 'patentStatus',
            title: t('screens.patentApplication.patentStatus'),
            width: 110,
            render: (v: string) =>
              v in PATENT_STATUS_LABELS ? t(`screens.patentApplication.statuses.${v}` as never) : v,
          },
        ]}
      />
    </Modal>
  );
}

/** 代理公司: the company directory the lookups read, its authorised users and its cases. */
export default function CompanyPage() {
  const [auth, setAuth] = useState<AgentCompany>();
  const [cases, setCases] = useState<AgentCompany>();
  return (
    <>
      <CrudPage<AgentCompany>
        resource={agentCompanyEntity.name}
        api={agentCompanyApi}
        fields={fields}
        permissions={entityPermissions(agentCompanyEntity)}
        actionWidth={320}
        rowActions={[
          {
            key: 'auth',
            label: 'screens.agentCompany.authUsers',
            icon: <TeamOutlined />,
            permission: AGENT_COMPANY_AUTH_PERMISSION,
            onClick: ({ record }) => setAuth(record),
          },
          {
            key: 'cases',
            label: 'screens.agentCompany.cases',
            icon: <FileProtectOutlined />,
            onClick: ({ record }) => setCases(record),
          },
        ]}
      />
      {auth ? <AuthDialog company={auth} onClose={() => setAuth(undefined)} /> : null}
      {cases ? <CasesDialog company={cases} onClose={() => setCases(undefined)} /> : null}
    </>
  );
}
