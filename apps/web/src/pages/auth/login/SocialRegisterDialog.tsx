import { type LoginResult, SocialMessage } from '@cube/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import { registerGuest } from '../../../api/signin';
import { useMessageApi } from '../../../lib/feedback';
import { type RegisterValues, registrationProblem } from './socialRegistration';

interface Props {
  /** The third-party identity without a user. */
  guest: LoginResult;
  /** The tenant of the site's domain ('' when the login page asks for one). */
  tenantId: string;
  asksTenant: boolean;
  onClose: () => void;
}

/** The registration dialog that opens by itself for a third-party identity without a user. */
export default function SocialRegisterDialog({ guest, tenantId, asksTenant, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [modal, modalHolder] = Modal.useModal();
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<RegisterValues>();
  const siteTenantId = tenantId;

  const closeRegistration = () => {
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = form.getFieldsValue();
    const problem = registrationProblem(values, asksTenant);
    if (problem) {
      message.warning(problem);
      return;
    }
    setSubmitting(true);
    try {
      await registerGuest({
        tenantId: (asksTenant ? values.tenantId?.trim() : siteTenantId) || guest.tenant_id || '',
        name: values.name?.trim() ?? '',
        account: values.account?.trim() ?? '',
        password: values.password ?? '',
        oauthId: guest.oauth_id ?? '',
      });
      // The notice's holder lives in this dialog, so the dialog closes only once the notice has: the guest holds no
      // session, and "logging out" is leaving the third-party answer behind.
      modal.success({
        title: SocialMessage.SUBMITTED_TITLE,
        content: SocialMessage.SUBMITTED,
        afterClose: closeRegistration,
      });
    } catch (error) {
      const msg =
        error instanceof RequestError ? (error.body as { msg?: string } | undefined)?.msg : undefined;
      message.error(msg || SocialMessage.SUBMIT_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {modalHolder}
      <Modal
        open
        title={t('screens.oauthProvider.registerTitle')}
        onCancel={closeRegistration}
        onOk={() => void submit()}
        okText={t('screens.oauthProvider.submit')}
        confirmLoading={submitting}
        destroyOnHidden
        maskClosable={false}
      >
        <p>{t('screens.oauthProvider.registerHint')}</p>
        <Form
          form={form}
          name="guestRegister"
          layout="vertical"
          requiredMark
          initialValues={{
            tenantId: guest.tenant_id,
            name: guest.nick_name || guest.account,
            account: guest.account,
          }}
        >
          {asksTenant ? (
            <Form.Item name="tenantId" label={t('screens.oauthProvider.tenantId')} required>
              <Input maxLength={12} />
            </Form.Item>
          ) : null}
          <Form.Item name="name" label={t('screens.oauthProvider.realName')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="account" label={t('screens.oauthProvider.account')} required>
            <Input maxLength={45} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('screens.oauthProvider.password')} required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password2" label={t('screens.oauthProvider.password2')} required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
