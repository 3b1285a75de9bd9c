import type { User } from '@cube/contract';
import { Form, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRoleTree } from '../../../../api/authority';
import { grantRoles } from '../../../../api/user';
import { reportFailure } from '../../../../components/crud/failures';
import { TreePicker } from '../../../../components/tree/TreePicker';
import { useMessageApi } from '../../../../lib/feedback';

interface GrantRolesDialogProps {
  users: readonly User[] | undefined;
  onClose: () => void;
  onGranted: () => void;
}

/** 角色配置: the chosen users' roles become exactly the ones picked (BladeX `grant?userIds=&roleIds=`). */
export function GrantRolesDialog({ users, onClose, onGranted }: GrantRolesDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // One user: start from their roles; several: from nothing.
    setRoleIds(users?.length === 1 ? users[0]!.roleId.split(',').filter(Boolean) : []);
  }, [users]);

  const save = async () => {
    if (!users) return;
    if (roleIds.length === 0) {
      void message.warning(t('screens.user.selectRoles'));
      return;
    }
    setSaving(true);
    try {
      await grantRoles(
        users.map((u) => u.id),
        roleIds,
      );
      void message.success(t('crud.updated'));
      onGranted();
      onClose();
    } catch (error) {
      reportFailure(error, message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={users !== undefined}
      title={t('screens.user.grantTitle')}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
    >
      <Typography.Paragraph type="secondary">
        {t('screens.user.grantHint')}: {users?.map((u) => u.realName || u.account).join('、')}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('screens.user.roleId')} required>
          <TreePicker
            queryKey={['role', 'tree']}
            load={fetchRoleTree}
            multiple
            value={roleIds}
            onChange={(value) =>
              setRoleIds(Array.isArray(value) ? value.map(String) : value ? [String(value)] : [])
            }
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
