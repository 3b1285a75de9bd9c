import { DownloadOutlined, DownOutlined, UploadOutlined } from '@ant-design/icons';
import { PLATFORM_TENANT_ID, USER_ACTION_CODES, type User, userEntity } from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeptTree, fetchRoleTree } from '../../../../api/authority';
import type { ListQuery, PagedCrudApi } from '../../../../api/crud';
import { fetchTenantOptions } from '../../../../api/flow-model';
import {
  exportUsers,
  fetchPostOptions,
  resetPasswords,
  setUserScreenTenant,
  unlockUsers,
  userApi,
} from '../../../../api/user';
import {
  type CrudField,
  CrudPage,
  type CrudRowAction,
  createTimeField,
  type EntityFieldSpec,
  entityFields,
  entityPermissions,
} from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { nameWithCode } from '../../../../lib/codeLabels';
import { useMessageApi } from '../../../../lib/feedback';
import { useCan } from '../../../../stores/permission';
import { useSessionStore } from '../../../../stores/session';
import { GrantRolesDialog } from './GrantRolesDialog';
import { ImportUsersDialog } from './ImportUsersDialog';
import { PendingRegistrations } from './PendingRegistrations';
import { PlatformDialog } from './PlatformDialog';

/**
 * The list query CrudPage last asked for (search fields and the department tree's `deptId`): 导出 exports exactly
 * the list on screen, without its paging.
 */
let lastQuery: ListQuery | undefined;
const api: PagedCrudApi<User> = {
  ...userApi,
  list: (query) => {
    lastQuery = query;
    return userApi.list(query);
  },
};

const postTree = async () =>
  (await fetchPostOptions()).map((p) => ({ id: p.id, title: p.postName, key: p.id, value: p.id }));

/** 用户管理: users beside the department tree, with import, export and the account actions. */
const fieldSpecs: ReadonlyArray<EntityFieldSpec<typeof userEntity> | CrudField> = [
  { name: 'account', search: true, readOnlyIn: ['edit'], table: { width: 130 } },
  { name: 'name', table: { width: 110 } },
  { name: 'realName', search: true, table: { width: 110 } },
  {
    name: 'password',
    required: 'screens.user.passwordAddRequired',
    table: false,
    view: false,
    readOnlyIn: ['edit'],
    help: 'screens.user.passwordHelp',
  },
  {
    name: 'roleId',
    type: 'tree',
    tree: { queryKey: ['role', 'tree'], load: fetchRoleTree, multiple: true, joined: true },
    table: { width: 140, render: (_, r) => String(r.roleName ?? '') },
  },
  {
    name: 'deptId',
    type: 'tree',
    tree: { queryKey: ['dept', 'tree'], load: fetchDeptTree, multiple: true, joined: true },
    table: { width: 160, render: (_, r) => String(r.deptName ?? '') },
  },
  {
    name: 'postId',
    type: 'tree',
    tree: { queryKey: ['post', 'select'], load: postTree, multiple: true, joined: true },
    table: { width: 140, render: (_, r) => String(r.postName ?? '') },
  },
  { name: 'phone', search: true, table: { width: 130 } },
  { name: 'email', table: { width: 200 } },
  { name: 'sex', type: 'dict', dict: { code: 'sex', numeric: true }, initialValue: 3, table: { width: 70 } },
  { name: 'birthday', type: 'date', table: false },
  { name: 'code', table: false },
  {
    name: 'userType',
    type: 'dict',
    dict: { code: 'user_type', numeric: true },
    initialValue: 1,
    table: false,
  },
  {
    name: 'status',
    type: 'switch',
    switchValues: [1, 0],
    initialValue: 1,
    search: true,
    table: { width: 90, render: (value) => <StatusTag value={value} /> },
  },
  createTimeField({ search: false, table: false }),
];
const fields = entityFields(userEntity, [...fieldSpecs]);
/** The platform administrator's list also names each user's tenant (所属租户). */
const platformFields = entityFields(userEntity, [
  { name: 'tenantName', form: false, view: true, table: { width: 180 } },
  ...fieldSpecs,
]);

function StatusTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === 1 ? (
    <Tag color="success">{t('screens.user.enabled')}</Tag>
  ) : (
    <Tag color="default">{t('screens.user.disabled')}</Tag>
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const can = useCan();
  const [importing, setImporting] = useState(false);
  const [granting, setGranting] = useState<{ users: readonly User[]; reload: () => Promise<void> }>();
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<{ reload: () => Promise<void> }>();
  const [platformOf, setPlatformOf] = useState<User>();
  const client = useQueryClient();
  const isPlatform = useSessionStore((state) => state.userInfo?.tenant_id === PLATFORM_TENANT_ID);
  // The platform administrator's chosen tenant (empty: the platform's own users).
  const [tenantId, setTenantId] = useState<string>();
  const tenants = useQuery({
    queryKey: ['user', 'tenants'],
    queryFn: fetchTenantOptions,
    enabled: isPlatform,
  });
  const chooseTenant = (next: string | undefined) => {
    const value = next && next !== PLATFORM_TENANT_ID ? next : undefined;
    setUserScreenTenant(value);
    // The form's pickers are the chosen tenant's roles, departments and posts.
    for (const key of [
      ['role', 'tree'],
      ['dept', 'tree'],
      ['post', 'select'],
    ])
      client.removeQueries({ queryKey: key });
    setTenantId(value);
  };
  useEffect(() => () => setUserScreenTenant(undefined), []);

  const reset = (user: User) =>
    modal.confirm({
      title: t('screens.user.reset'),
      content: t('screens.user.resetConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const password = await resetPasswords([user.id]);
          modal.success({
            title: t('screens.user.resetDone'),
            content: (
              <>
                {t('screens.user.resetPassword')}{' '}
                <Typography.Text code copyable data-testid="reset-password">
                  {password}
                </Typography.Text>
              </>
            ),
          });
        } catch (error) {
          reportFailure(error, message);
        }
      },
    });

  const unlock = (user: User) =>
    modal.confirm({
      title: t('screens.user.unlock'),
      content: t('screens.user.unlockConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await unlockUsers([user.id]);
          void message.success(t('screens.user.unlockDone'));
        } catch (error) {
          reportFailure(error, message);
        }
      },
    });

  const more: CrudRowAction<User> = {
    key: 'more',
    render: ({ record, reload }) => {
      const items = [
        can(USER_ACTION_CODES.grant) ? { key: 'grant', label: t('screens.user.grant') } : undefined,
        can(USER_ACTION_CODES.reset) ? { key: 'reset', label: t('screens.user.reset') } : undefined,
        can(USER_ACTION_CODES.unlock) ? { key: 'unlock', label: t('screens.user.unlock') } : undefined,
        can(userEntity.permissions.edit) ? { key: 'platform', label: t('screens.user.platform') } : undefined,
      ].filter((item) => item !== undefined);
      if (items.length === 0) return null;
      return (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              if (key === 'grant') setGranting({ users: [record], reload });
              else if (key === 'reset') reset(record);
              else if (key === 'platform') setPlatformOf(record);
              else unlock(record);
            },
          }}
        >
          <Button type="link" size="small">
            {t('screens.user.more')} <DownOutlined />
          </Button>
        </Dropdown>
      );
    },
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const { current: _current, size: _size, ...filters } = lastQuery ?? { current: 1, size: 10 };
      await exportUsers(filters);
    } catch (error) {
      reportFailure(error, message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {isPlatform ? (
        <Space style={{ marginBottom: 12 }}>
          <span>{t('screens.user.tenantFilter')}</span>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 300 }}
            aria-label={t('screens.user.tenantFilter')}
            placeholder={t('screens.user.tenantPlaceholder')}
            value={tenantId}
            onChange={(value?: string) => chooseTenant(value)}
            options={(tenants.data ?? []).map((x) => ({
              value: x.tenantId,
              label: nameWithCode(x.tenantName, x.tenantId),
            }))}
          />
        </Space>
      ) : null}
      <CrudPage<User>
        key={tenantId ?? ''}
        resource={`${userEntity.name}:${tenantId ?? ''}`}
        api={api}
        fields={isPlatform ? platformFields : fields}
        permissions={entityPermissions(userEntity)}
        actionWidth={280}
        treeFilter={{
          param: 'deptId',
          title: 'screens.user.deptTree',
          queryKey: ['dept', 'tree'],
          load: fetchDeptTree,
        }}
        toolbarActions={[
          {
            key: 'grant',
            label: 'screens.user.grant',
            permission: USER_ACTION_CODES.grant,
            selection: 'multiple',
            onClick: ({ selectedRows, reload }) => setGranting({ users: selectedRows, reload }),
          },
          {
            // Third-party registrations waiting for approval (PendingRegistrations.tsx).
            key: 'pending',
            label: 'screens.oauthProvider.pending',
            permission: userEntity.permissions.edit,
            onClick: ({ reload }) => setPending({ reload }),
          },
          {
            key: 'import',
            label: 'screens.user.import',
            icon: <UploadOutlined />,
            permission: USER_ACTION_CODES.import,
            onClick: () => setImporting(true),
          },
          {
            key: 'export',
            permission: USER_ACTION_CODES.export,
            render: () => (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
                {t(exporting ? 'screens.user.exporting' : 'screens.user.export')}
              </Button>
            ),
          },
        ]}
        rowActions={[more]}
      />
      <ImportUsersDialog open={importing} onClose={() => setImporting(false)} />
      <PendingRegistrations
        open={!!pending}
        onClose={() => setPending(undefined)}
        onChanged={() => void pending?.reload()}
      />
      <PlatformDialog user={platformOf} onClose={() => setPlatformOf(undefined)} />
      <GrantRolesDialog
        users={granting?.users}
        onClose={() => setGranting(undefined)}
        onGranted={() => void granting?.reload()}
      />
    </>
  );
}
