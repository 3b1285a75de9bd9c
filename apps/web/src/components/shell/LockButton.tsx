import { LockOutlined } from '@ant-design/icons';
import { LOCK_PAGE_DELAY_MS, LOCK_PATH } from '@cube/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLockStore } from '../../stores/lock';
import { HeaderAction } from './HeaderAction';

/**
 * Screen lock: without a lock password a dialog asks for one first (required, '锁屏密码不能为空');
 * then the screen locks and, after 100 ms, the lock page opens.
 */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lockNow = () => {
    useLockStore.getState().lock();
    setTimeout(() => void navigate(LOCK_PATH), LOCK_PAGE_DELAY_MS);
  };

  const onClick = () => {
    if (useLockStore.getState().lockPasswd) lockNow();
    else setOpen(true);
  };

  const submit = async () => {
    const { password } = await form.validateFields();
    useLockStore.getState().setLockPasswd(password);
    setOpen(false);
    form.resetFields();
    lockNow();
  };

  return (
    <>
      <HeaderAction title={t('lock.lockScreen')} onClick={onClick}>
        <LockOutlined />
      </HeaderAction>
      <Modal
        title={t('lock.setPassword')}
        open={open}
        width={400}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false}>
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password autoFocus prefix={<LockOutlined />} placeholder={t('lock.passwordPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
