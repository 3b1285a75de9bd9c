import type { LinkedIdentity } from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Empty, Popconfirm, Spin, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  fetchIdentityLinks,
  finishIdentityLink,
  startIdentityLink,
  unlinkIdentity,
} from '../../../api/signin';
import { useMessageApi } from '../../../lib/feedback';

interface Row {
  key: string;
  source: string;
  providerName: string;
  link?: LinkedIdentity;
}

/** The provider sent the browser back here: with a code to finish the link, or with the reason it failed. */
const isReturnFromProvider = (params: URLSearchParams) =>
  !!params.get('linkError') || !!(params.get('code') && params.get('state') && params.get('source'));

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/**
 * 第三方账号: one row per provider of the tenant (and per linked identity whose provider is gone):
 * the linked account and when it was linked, 绑定 (the provider's flow in link mode; it comes back here with
 * `?tab=identity&source&code&state`, which this finishes once) and 解绑 after a confirmation. The server refuses
 * to unlink an account's last way to sign in (no password, no other link).
 */
export function IdentityLinks() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState('');
  const finishing = useRef(false);
  // Back from the provider, the list waits for the link to finish: a list read that started first could answer
  // after it with the account still unlinked, and a refresh asked for while that first read is in flight joins
  // it instead of reading again (TanStack Query shares a query's first fetch), so the new link would not show.
  const [returning, setReturning] = useState(() => isReturnFromProvider(params));
  const links = useQuery({
    queryKey: ['profile', 'identity-links'],
    queryFn: fetchIdentityLinks,
    enabled: !returning,
  });

  useEffect(() => {
    const linkError = params.get('linkError');
    const code = params.get('code');
    const state = params.get('state');
    const source = params.get('source');
    if (!isReturnFromProvider(params)) return;
    if (finishing.current) return;
    finishing.current = true;
    // The code is good once: the address loses it whatever happens next.
    setParams({ tab: 'identity' }, { replace: true });
    if (linkError) {
      setReturning(false);
      void message.error(linkError);
      return;
    }
    setBusy(source ?? '');
    finishIdentityLink({ source: source ?? '', code: code ?? '', state: state ?? '' })
      // The toasts are not returned: their handles resolve only when they close, and the list must refresh now.
      .then(() => {
        void message.success(t('screens.oauthProvider.LINKED'));
      })
      .catch((error: unknown) => {
        void message.error(failure(error));
      })
      .finally(() => {
        setBusy('');
        setReturning(false);
        void queryClient.invalidateQueries({ queryKey: ['profile', 'identity-links'] });
      });
  }, [params, setParams, message, t, queryClient]);

  const link = async (source: string) => {
    setBusy(source);
    try {
      window.location.assign(await startIdentityLink(source));
    } catch (error) {
      setBusy('');
      void message.error(failure(error));
    }
  };

  const unlink = async (id: string) => {
    try {
      await unlinkIdentity(id);
      void message.success(t('screens.oauthProvider.UNLINKED_DONE'));
    } catch (error) {
      void message.error(failure(error));
    }
    await queryClient.invalidateQueries({ queryKey: ['profile', 'identity-links'] });
  };

  const data = links.data;
  const rows: Row[] = [
    ...(data?.providers ?? []).map((p) => ({
      key: p.source,
      source: p.source,
      providerName: p.name,
      link: data?.links.find((l) => l.source === p.source),
    })),
    ...(data?.links ?? [])
      .filter((l) => !data?.providers.some((p) => p.source === l.source))
      .map((l) => ({ key: l.id, source: l.source, providerName: l.providerName, link: l })),
  ];

  if (links.isPending) return <Spin />;
  if (rows.length === 0) return <Empty description={t('screens.oauthProvider.noProviders')} />;
  return (
    <Spin spinning={busy !== '' && !!params.get('code')} tip={t('screens.oauthProvider.linking')}>
      <Typography.Paragraph type="secondary">{t('screens.oauthProvider.identityIntro')}</Typography.Paragraph>
      <Table<Row>
        rowKey="key"
        pagination={false}
        size="middle"
        dataSource={rows}
        data-testid="identity-links"
        columns={[
          { title: t('screens.oauthProvider.name'), dataIndex: 'providerName', width: 160 },
          {
            title: t('screens.oauthProvider.identityTab'),
            render: (_, row) =>
              row.link ? (
                <span>
                  <Avatar size="small" src={row.link.avatar || undefined} style={{ marginRight: 8 }}>
                    {(row.link.nickname || row.link.username).slice(0, 1)}
                  </Avatar>
                  {row.link.nickname || row.link.username}
                  {row.link.nickname && row.link.username !== row.link.nickname ? (
                    <Typography.Text type="secondary"> ({row.link.username})</Typography.Text>
                  ) : null}
                </span>
              ) : (
                <Typography.Text type="secondary">{t('screens.oauthProvider.notLinked')}</Typography.Text>
              ),
          },
          {
            title: t('screens.oauthProvider.linkedAt'),
            width: 180,
            render: (_, row) => row.link?.linkTime ?? '',
          },
          {
            title: '',
            width: 110,
            align: 'right',
            render: (_, row) =>
              row.link ? (
                <Popconfirm
                  title={t('screens.oauthProvider.unlinkConfirm')}
                  onConfirm={() => unlink(row.link?.id ?? '')}
                >
                  <Button danger size="small">
                    {t('screens.oauthProvider.unlinkAction')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  type="primary"
                  size="small"
                  loading={busy === row.source}
                  disabled={!data?.providers.some((p) => p.source === row.source)}
                  onClick={() => void link(row.source)}
                >
                  {t('screens.oauthProvider.linkAction')}
                </Button>
              ),
          },
        ]}
      />
    </Spin>
  );
}
