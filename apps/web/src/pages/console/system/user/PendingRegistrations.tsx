import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Modal, Popconfirm, Space, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeptTree, fetchRoleTree } from '../../../../api/authority';
import {
  approveRegistration,
  fetchPendingRegistrations,
  type PendingRegistration,
  rejectRegistrations,
} from '../../../../api/signin';
import { reportFailure } from '../../../../components/crud/failures';
import { useMessageApi } from '../../../../lib/feedback';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The user list reloads after an approval (the user then appears in it). */
  onChanged: () => void;
}

/**
 * 待审核: registrations made through a third-party login wait here for the tenant administrator,
 * who approves them with a role and a department, or rejects them.
 */
export function PendingRegistrations({ open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [approving, setApproving] = useState<PendingRegistration>();
  const [form] = Form.useForm<{ roleId: string; deptId: string }>();
  const list = useQuery({ queryKey: ['user', 'pending'], queryFn: fetchPendingRegistrations, enabled: open });
  const roles = useQuery({ queryKey: ['role', 'tree'], queryFn: fetchRoleTree, enabled: !!approving });
  const depts = useQuery({ queryKey: ['dept', 'tree'], queryFn: fetchDeptTree, enabled: !!approving });
  const k = (key: string) => t(`screens.oauthProvider.${key}` as never);

  const approve = async () => {
    const values = await form.validateFields();
    try {
      await approveRegistration(approving?.id ?? '', values.roleId, values.deptId);
      void message.success(t('shell.done'));
      setApproving(undefined);
      await list.refetch();
      onChanged();
    } catch (error) {
      reportFailure(error, message);
    }
  };

  const reject = async (row: PendingRegistration) => {
    try {
      await rejectRegistrations([row.id]);
      void message.success(t('shell.done'));
      await list.refetch();
    } catch (error) {
      reportFailure(error, message);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={k('pendingTitle')} width={760} destroyOnHidden>
      <Table<PendingRegistration>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: k('pendingEmpty') }}
        pagination={false}
        columns={[
          { title: k('account'), dataIndex: 'account' },
          { title: k('realName'), dataIndex: 'name' },
          {
            title: k('source'),
            dataIndex: 'source',
            render: (value: string, row) => (
              <Tag color="blue">
                {value} · {row.oauthUsername}
              </Tag>
            ),
          },
          { title: k('createTime'), dataIndex: 'createTime', width: 170 },
          {
            title: '',
            key: 'actions',
            width: 150,
            render: (_, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.resetFields();
                    setApproving(row);
                  }}
                >
                  {k('approve')}
                </Button>
                <Popconfirm title={k('rejectConfirm')} onConfirm={() => void reject(row)}>
                  <Button type="link" size="small" danger>
                    {k('reject')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!approving}
        title={`${k('approveTitle')}: ${approving?.account ?? ''}`}
        onCancel={() => setApproving(undefined)}
        onOk={() => void approve()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="roleId" label={k('role')} rules={[{ required: true, message: k('roleRequired') }]}>
            <TreeSelect
              treeData={roles.data ?? []}
              treeDefaultExpandAll
              allowClear
              data-testid="approve-role"
            />
          </Form.Item>
          <Form.Item name="deptId" label={k('dept')} rules={[{ required: true, message: k('deptRequired') }]}>
            <TreeSelect
              treeData={depts.data ?? []}
              treeDefaultExpandAll
              allowClear
              data-testid="approve-dept"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
