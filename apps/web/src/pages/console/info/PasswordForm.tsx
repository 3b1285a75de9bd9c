import { AuthMessage } from '@cube/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PasswordChange, updatePassword } from '../../../api/profile';
import { RequestError } from '../../../api/request';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { setStore } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session';
import { FormActions } from './FormActions';
import styles from './InfoPage.module.css';

/** Server answers that belong to one field: shown there too, besides the toast. */
const FIELD_OF_MESSAGE: Record<string, keyof PasswordChange> = {
  [AuthMessage.OLD_PASSWORD_WRONG]: 'oldPassword',
  [AuthMessage.CONFIRM_PASSWORD_WRONG]: 'newPassword1',
};

/** After a change the initial-password reminder no longer applies. */
function clearPasswordReminder(): void {
  const user = useSessionStore.getState().userInfo;
  if (!user?.password_must_change) return;
  const next = { ...user, password_must_change: false };
  setStore('userInfo', next);
  useSessionStore.setState({ userInfo: next });
}

/** The profile form, second tab: old password, new password, confirmation (md5 hex on the wire). */
export function PasswordForm() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<PasswordChange>();
  const change = useMutation({ mutationFn: (change: PasswordChange) => updatePassword(change) });

  const submit = async (values: PasswordChange) => {
    try {
      await change.mutateAsync(values);
    } catch (error) {
      reportFailure(error, message);
      const field = error instanceof RequestError ? FIELD_OF_MESSAGE[error.message] : undefined;
      if (field && error instanceof Error) form.setFields([{ name: field, errors: [error.message] }]);
      return;
    }
    void message.success(t('shell.done'));
    clearPasswordReminder();
    form.resetFields();
  };

  return (
    <Form
      form={form}
      name="password"
      layout="vertical"
      className={styles.form}
      onFinish={(values) => void submit(values)}
    >
      {/* Lets password managers attach the new password to the account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={useSessionStore.getState().userInfo?.account ?? ''}
        readOnly
        hidden
      />
      <Form.Item
        name="oldPassword"
        label={t('screens.profile.oldPassword')}
        rules={[{ required: true, message: t('screens.profile.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('screens.profile.newPassword')}
        rules={[{ required: true, message: t('screens.profile.newPasswordRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('screens.profile.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('screens.profile.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: async (_, value: unknown) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(t('screens.profile.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <FormActions form={form} busy={change.isPending} />
      </Form.Item>
    </Form>
  );
}
