import type { LoginResult } from '@cube/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchProfile, type Profile, type ProfileChanges, updateProfile } from '../../../api/profile';
import { reportFailure } from '../../../components/crud/failures';
import { useMessageApi } from '../../../lib/feedback';
import { setStore } from '../../../lib/storage';
import { checkPhone } from '../../../lib/validators';
import { useSessionStore } from '../../../stores/session';
import { USER_INFO_QUERY_KEY } from '../welcome/identity';
import { AvatarField } from './AvatarField';
import { FormActions } from './FormActions';
import styles from './InfoPage.module.css';

export const PROFILE_QUERY_KEY = ['user', 'profile'] as const;

/** The phone messages, in order: cannot be empty; length is not 11; format is not correct. */
const PHONE_MESSAGES = {
  required: 'screens.profile.phoneRequired',
  length: 'screens.profile.phoneLength',
  format: 'screens.profile.phoneFormat',
} as const;

/** The header shows the session's copy of the user: keep its name and avatar in step with the profile. */
function refreshSessionUser(changes: ProfileChanges): void {
  const user = useSessionStore.getState().userInfo;
  if (!user) return;
  const next: LoginResult = {
    ...user,
    avatar: changes.avatar,
    nick_name: changes.name,
    real_name: changes.realName,
  };
  setStore('userInfo', next);
  useSessionStore.setState({ userInfo: next });
}

function initialValues(profile: Profile): ProfileChanges & { account: string } {
  return {
    avatar: profile.avatar ?? '',
    account: profile.account ?? '',
    realName: profile.realName ?? '',
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
  };
}

/** The profile form, first tab: avatar, real name, user name, phone, email. */
export function ProfileForm() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileChanges & { account: string }>();
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile });
  const save = useMutation({ mutationFn: (changes: ProfileChanges) => updateProfile(changes) });

  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('screens.profile.loadFailed')}
        action={
          <Button size="small" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );

  const submit = async (values: ProfileChanges & { account: string }) => {
    const changes: ProfileChanges = {
      avatar: values.avatar ?? '',
      name: values.name.trim(),
      realName: values.realName.trim(),
      phone: values.phone.trim(),
      email: (values.email ?? '').trim(),
    };
    try {
      await save.mutateAsync(changes);
    } catch (error) {
      reportFailure(error, message);
      return;
    }
    void message.success(t('shell.done'));
    refreshSessionUser(changes);
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
  };

  return (
    <Form
      key={profile.data.id}
      form={form}
      name="profile"
      layout="vertical"
      className={styles.form}
      initialValues={initialValues(profile.data)}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="avatar" label={t('screens.profile.avatar')}>
        <AvatarField />
      </Form.Item>
      <Form.Item name="account" label={t('screens.profile.account')}>
        <Input disabled />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('screens.profile.realName')}
        rules={[
          { required: true, whitespace: true, message: t('screens.profile.realNameRequired') },
          { max: 50, message: t('crud.maxLength', { max: 50 }) },
        ]}
      >
        <Input autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('screens.profile.name')}
        rules={[
          { required: true, whitespace: true, message: t('screens.profile.nameRequired') },
          { max: 50, message: t('crud.maxLength', { max: 50 }) },
        ]}
      >
        <Input autoComplete="nickname" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('screens.profile.phone')}
        required
        rules={[
          {
            validator: async (_, value: unknown) => {
              const problem = checkPhone(value);
              if (problem) throw new Error(t(PHONE_MESSAGES[problem]));
            },
          },
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('screens.profile.email')}
        rules={[
          { type: 'email', message: t('crud.validation.email') },
          { max: 100, message: t('crud.maxLength', { max: 100 }) },
        ]}
      >
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item>
        <FormActions form={form} busy={save.isPending} />
      </Form.Item>
    </Form>
  );
}
