import { ONLINE_CODES, type OnlineSession, PLATFORM_TENANT_ID } from '@cube/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTenantOptions } from '../../../../api/flow-model';
import { endSessions, endUserSessions, fetchOnlineSessions } from '../../../../api/online';
import { reportFailure } from '../../../../components/crud/failures';
import { nameWithCode } from '../../../../lib/codeLabels';
import { useMessageApi } from '../../../../lib/feedback';
import { useCan } from '../../../../stores/permission';
import { useSessionStore } from '../../../../stores/session';

/**
 * 在线用户: the live sessions (one row per sign-in) with their true count. An administrator ends one session or
 * every session of a user; the platform administrator sees every tenant's and may narrow to one.
 */
export default function OnlinePage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const can = useCan();
  const client = useQueryClient();
  const isPlatform = useSessionStore((state) => state.userInfo?.tenant_id === PLATFORM_TENANT_ID);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [account, setAccount] = useState('');
  const [tenantId, setTenantId] = useState<string>();

  const sessions = useQuery({
    queryKey: ['online', page.current, page.size, account, tenantId ?? ''],
    queryFn: () => fetchOnlineSessions({ ...page, account, tenantId }),
    placeholderData: keepPreviousData,
  });
  const tenants = useQuery({
    queryKey: ['online', 'tenants'],
    queryFn: fetchTenantOptions,
    enabled: isPlatform,
  });

  const end = useMutation({
    mutationFn: (row: { kind: 'session' | 'user'; id: string }) =>
      row.kind === 'session' ? endSessions([row.id]) : endUserSessions([row.id]),
    onSuccess: () => {
      void message.success(t('shell.done'));
      void client.invalidateQueries({ queryKey: ['online'] });
    },
    onError: (error) => reportFailure(error, message),
  });

  const columns: ColumnsType<OnlineSession> = [
    { title: t('screens.online.account'), dataIndex: 'account' },
    { title: t('screens.online.realName'), dataIndex: 'realName' },
    ...(isPlatform
      ? [
          {
            title: t('screens.online.tenantName'),
            dataIndex: 'tenantName',
            render: (name: string, row: OnlineSession) => nameWithCode(name || '-', row.tenantId),
          },
        ]
      : []),
    { title: t('screens.online.ip'), dataIndex: 'ip' },
    {
      title: t('screens.online.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (ua: string) => <span title={ua}>{ua || '-'}</span>,
    },
    { title: t('screens.online.loginTime'), dataIndex: 'loginTime', width: 170 },
    { title: t('screens.online.lastActiveTime'), dataIndex: 'lastActiveTime', width: 170 },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 220,
      render: (_, row) =>
        row.current ? (
          <Tag color="green">{t('screens.online.current')}</Tag>
        ) : can(ONLINE_CODES.remove) ? (
          <Space size={4}>
            <Popconfirm
              title={t('screens.online.endConfirm')}
              onConfirm={() => end.mutate({ kind: 'session', id: row.id })}
            >
              <Button type="link" size="small" danger>
                {t('screens.online.end')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('screens.online.endUserConfirm')}
              onConfirm={() => end.mutate({ kind: 'user', id: row.userId })}
            >
              <Button type="link" size="small" danger>
                {t('screens.online.endUser')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <div style={{ padding: 16, background: 'var(--cube-panel-bg, #fff)' }}>
      <Space wrap style={{ marginBottom: 12 }}>
        {isPlatform ? (
          <Select
            allowClear
            style={{ width: 260 }}
            placeholder={t('screens.online.allTenants')}
            aria-label={t('screens.online.tenantName')}
            value={tenantId}
            onChange={(value) => {
              setTenantId(value);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={(tenants.data ?? []).map((x) => ({
              value: x.tenantId,
              label: nameWithCode(x.tenantName, x.tenantId),
            }))}
          />
        ) : null}
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('screens.online.accountPlaceholder')}
          aria-label={t('screens.online.account')}
          onSearch={(value) => {
            setAccount(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        <Typography.Text type="secondary">
          {t('screens.online.total', { count: sessions.data?.total ?? 0 })}
        </Typography.Text>
      </Space>
      <Table<OnlineSession>
        rowKey="id"
        size="middle"
        loading={sessions.isFetching}
        columns={columns}
        dataSource={sessions.data?.records ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: sessions.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </div>
  );
}
