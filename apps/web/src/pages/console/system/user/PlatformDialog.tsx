import type { User } from '@cube/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUserPlatform, saveUserPlatform, type UserPlatform } from '../../../../api/user';
import { reportFailure } from '../../../../components/crud/failures';
import { DictSelect } from '../../../../components/dict/DictSelect';
import { useMessageApi } from '../../../../lib/feedback';

/**
 * 平台配置 (BladeX): the account's platform (dictionary `user_type`: WEB, APP, OTHER) and that platform's
 * extension record, read with `platform-detail` and saved with `update-platform`.
 */
export function PlatformDialog({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<UserPlatform>();
  const detail = useQuery({
    queryKey: ['user', 'platform', user?.id],
    queryFn: () => fetchUserPlatform(user!.id),
    enabled: !!user,
  });
  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data);
  }, [detail.data, form]);
  const save = useMutation({
    mutationFn: (value: UserPlatform) => saveUserPlatform(user!.id, value),
    onSuccess: () => {
      void message.success(t('shell.done'));
      onClose();
    },
    onError: (error) => reportFailure(error, message),
  });

  return (
    <Modal
      open={!!user}
      title={`${t('screens.user.platform')} · ${user?.account ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onFinish={(value) => save.mutate(value)}>
          <Form.Item
            name="userType"
            label={t('screens.user.userType')}
            rules={[{ required: true, message: t('screens.user.userTypeRequired') }]}
          >
            <DictSelect code="user_type" numeric />
          </Form.Item>
          <Form.Item name="userExt" label={t('screens.user.userExt')}>
            <Input.TextArea rows={6} maxLength={2000} showCount placeholder='{"key": "value"}' />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
