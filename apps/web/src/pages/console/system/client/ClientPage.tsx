import { KeyOutlined } from '@ant-design/icons';
import { CLIENT_GRANT_TYPES, CLIENT_RESET_SECRET_CODE, type Client, clientEntity } from '@cube/contract';
import { Alert, App, Input, Modal, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientApi, resetClientSecret } from '../../../../api/client';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
} from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { type CodeSet, codeLabel } from '../../../../lib/codeLabels';
import { useMessageApi } from '../../../../lib/feedback';
import { useRuntimeConfig } from '../../../../stores/site';

/** The grant types as a multiple choice; the record keeps them comma-joined. */
function GrantTypesControl({ value, onChange, disabled, id }: CrudControlProps) {
  const chosen = typeof value === 'string' && value !== '' ? value.split(',') : [];
  return (
    <Select
      id={id}
      mode="multiple"
      disabled={disabled}
      value={chosen}
      onChange={(next: string[]) => onChange?.(next.join(','))}
      options={CLIENT_GRANT_TYPES.map((g) => ({ label: codeLabel('grantType', g), value: g }))}
    />
  );
}

/** A comma list of codes, one labelled tag each. */
const codeTags = (set: CodeSet, value: unknown) => (
  <>
    {String(value ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean)
      .map((code) => (
        <Tag key={code}>{codeLabel(set, code)}</Tag>
      ))}
  </>
);

/** A secret is typed like a password and never offered by the browser's autofill. */
function SecretControl({ value, onChange, disabled, id }: CrudControlProps) {
  return (
    <Input.Password
      id={id}
      disabled={disabled}
      autoComplete="new-password"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

const fields = entityFields(clientEntity, [
  { name: 'clientId', search: true, table: { width: 180 } },
  {
    // Not a record field (the secret is never answered): only sent, when typed.
    name: 'clientSecret',
    label: 'screens.client.clientSecret',
    table: false,
    view: false,
    control: SecretControl,
    help: 'screens.client.secretHelp',
  },
  {
    name: 'scope',
    initialValue: 'all',
    table: { width: 90, render: (value) => codeTags('clientScope', value) },
  },
  {
    name: 'authorizedGrantTypes',
    initialValue: 'refresh_token,password,authorization_code',
    control: GrantTypesControl,
    span: 24,
    search: true,
    table: { render: (value) => codeTags('grantType', value) },
  },
  {
    name: 'accessTokenValidity',
    type: 'number',
    initialValue: 3600,
    min: 1,
    precision: 0,
    table: { width: 110 },
  },
  {
    name: 'refreshTokenValidity',
    type: 'number',
    initialValue: 604_800,
    min: 1,
    precision: 0,
    table: { width: 130 },
  },
  { name: 'webServerRedirectUri', span: 24, table: { ellipsis: true, width: 200 } },
  { name: 'resourceIds', table: false },
  { name: 'authorities', table: false },
  { name: 'autoapprove', table: false },
  { name: 'additionalInformation', type: 'textarea', rows: 3, table: false },
  createTimeField(),
]);

/**
 * 应用管理 (`/system/client`): the OAuth clients. A secret is shown once — after the save that
 * created the client, or after 重置密钥 — and never again (the server keeps only its hash). The console's own
 * client shows a tag and has no 重置密钥; the server also refuses to remove it or strip its grant types.
 */
export default function ClientPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const { clientId: webClientId } = useRuntimeConfig();
  const [shown, setShown] = useState<{ clientId: string; secret: string }>();

  const api = useMemo(
    () => ({
      ...clientApi,
      submit: async (record: Record<string, unknown>) => {
        const answer = (await clientApi.submit(record)) as { clientSecret?: string } | undefined;
        if (answer?.clientSecret)
          setShown({ clientId: String(record.clientId), secret: answer.clientSecret });
        return answer;
      },
    }),
    [],
  );

  const columns = fields.map((field) =>
    field.name === 'clientId'
      ? {
          ...field,
          table: {
            width: 200,
            render: (value: unknown) => (
              <>
                {String(value)}
                {value === webClientId ? (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {t('screens.client.webClient')}
                  </Tag>
                ) : null}
              </>
            ),
          },
        }
      : field,
  );

  return (
    <>
      <CrudPage<Client>
        resource={clientEntity.name}
        api={api}
        fields={columns}
        permissions={entityPermissions(clientEntity)}
        actionWidth={300}
        rowActions={[
          {
            key: 'resetSecret',
            label: 'screens.client.resetSecret',
            icon: <KeyOutlined />,
            permission: CLIENT_RESET_SECRET_CODE,
            danger: true,
            hidden: ({ record }) => record.clientId === webClientId,
            onClick: ({ record }) =>
              modal.confirm({
                title: t('screens.client.resetSecret'),
                content: t('screens.client.resetConfirm', { clientId: record.clientId }),
                okText: t('common.confirm'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: async () => {
                  try {
                    const answer = await resetClientSecret(record.id);
                    setShown({ clientId: record.clientId, secret: answer.clientSecret });
                  } catch (error) {
                    reportFailure(error, message);
                  }
                },
              }),
          },
        ]}
      />
      <Modal
        open={shown !== undefined}
        title={t('screens.client.secretTitle')}
        onCancel={() => setShown(undefined)}
        onOk={() => setShown(undefined)}
        okText={t('common.confirm')}
        cancelButtonProps={{ style: { display: 'none' } }}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('screens.client.secretOnce')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>
          <Typography.Text strong>{shown?.clientId}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph
          copyable={{ text: shown?.secret, tooltips: [t('screens.client.copy'), t('screens.client.copied')] }}
          code
          data-testid="client-secret"
        >
          {shown?.secret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
