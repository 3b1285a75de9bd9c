import { HOME_PATH } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchDeptOptions, fetchRoleOptions } from '../../api/lookup';
import { useMessageApi } from '../../lib/feedback';
import { withLoading } from '../../stores/loading';
import { useMenuStore } from '../../stores/menu';
import { useSessionStore } from '../../stores/session';

interface DeptSwitchForm {
  deptId: string;
  roleId: string;
}

function firstOf(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * Department / role switch (both required): the user's departments and roles from `dept/select` and `role/select`;
 * on submit the token is refreshed under the chosen pair (`Dept-Id`/`Role-Id` headers), the dialog closes, the
 * menus reload and the console home opens.
 */
export function DeptSwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const [form] = Form.useForm<DeptSwitchForm>();
  const [saving, setSaving] = useState(false);
  const user = useSessionStore((state) => state.userInfo);
  const depts = useQuery({
    queryKey: ['system', 'dept', 'select'],
    queryFn: () => fetchDeptOptions(),
    enabled: open,
  });
  const roles = useQuery({
    queryKey: ['system', 'role', 'select'],
    queryFn: () => fetchRoleOptions(),
    enabled: open,
  });

  useEffect(() => {
    if (open) form.setFieldsValue({ deptId: firstOf(user?.dept_id), roleId: firstOf(user?.role_id) });
  }, [open, form, user]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await withLoading(async () => {
        await useSessionStore.getState().refresh({ deptId: values.deptId, roleId: values.roleId });
        await useMenuStore.getState().loadAll();
      });
      onClose();
      void message.success(t('shell.done'));
      await navigate(HOME_PATH);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('switchDept.title')}
      open={open}
      width={420}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="deptId"
          label={t('switchDept.dept')}
          rules={[{ required: true, message: t('switchDept.deptRequired') }]}
        >
          <Select
            loading={depts.isPending}
            placeholder={t('switchDept.deptRequired')}
            options={(depts.data ?? []).map((dept) => ({ value: dept.id, label: dept.deptName }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switchDept.role')}
          rules={[{ required: true, message: t('switchDept.roleRequired') }]}
        >
          <Select
            loading={roles.isPending}
            placeholder={t('switchDept.roleRequired')}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
