import { ReloadOutlined } from '@ant-design/icons';
import { DATE_TIME_FORMAT } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Descriptions, type DescriptionsProps, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSelfCheck, type HealthStatus, type SelfCheck } from '../../../api/selfCheck';
import { clockSkew } from '../../../lib/clockSkew';
import frame from '../ConsolePage.module.css';
import styles from './SelfCheckPage.module.css';

/** Beyond this the clocks are far enough apart to matter (token ages, time-stamped logs). */
const SKEW_WARNING_MS = 60_000;

/** Product names stay as they are; only the in-memory store has a translated name. */
function kindName(t: TFunction, kind: string): string {
  if (kind === 'memory') return t('screens.selfCheck.memory');
  return { sqlite: 'SQLite', postgres: 'PostgreSQL', redis: 'Redis' }[kind] ?? kind;
}

function StatusBadge({ status, detail }: { status: HealthStatus | undefined; detail?: ReactNode }) {
  const { t } = useTranslation();
  const up = status === 'UP';
  return (
    <Space size="middle" wrap>
      <Badge
        status={up ? 'success' : 'error'}
        text={up ? t('screens.selfCheck.up') : t('screens.selfCheck.down')}
      />
      {detail}
    </Space>
  );
}

function TenantIsolation({ value }: { value: SelfCheck['tenantIsolation'] }) {
  const { t } = useTranslation();
  if (value === 'row-security')
    return <Badge status="success" text={t('screens.selfCheck.isolationRowSecurity')} />;
  if (value === 'row-security-bypassed') {
    return <Badge status="error" text={t('screens.selfCheck.isolationBypassed')} />;
  }
  if (value === 'application')
    return <Badge status="processing" text={t('screens.selfCheck.isolationApplication')} />;
  return <>{t('common.empty')}</>;
}

function latency(t: TFunction, ms: number | null | undefined): ReactNode {
  return typeof ms === 'number' ? (
    <span className={styles.muted}>{t('screens.selfCheck.latency', { ms })}</span>
  ) : null;
}

function uptimeText(t: TFunction, seconds: number | undefined): string {
  if (seconds === undefined) return t('common.empty');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0
    ? t('screens.selfCheck.uptimeValue', { days, hours, minutes })
    : t('screens.selfCheck.uptimeShort', { hours, minutes, seconds: seconds % 60 });
}

function skewText(t: TFunction, skewMs: number, uncertaintyMs: number): string {
  const tolerance = Math.max(1, Math.ceil(uncertaintyMs / 1000));
  if (Math.abs(skewMs) < tolerance * 1000) return t('screens.selfCheck.skewNone', { seconds: tolerance });
  const seconds = Math.round(Math.abs(skewMs) / 100) / 10;
  return t(skewMs > 0 ? 'screens.selfCheck.skewAhead' : 'screens.selfCheck.skewBehind', { seconds });
}

function allUp(result: SelfCheck): boolean {
  return result.api === 'UP' && result.database.status === 'UP' && result.store.status === 'UP';
}

/** `/test/index`: API, database, shared store, version and the server clock against the browser's. */
export default function SelfCheckPage() {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['system', 'self-check'],
    queryFn: fetchSelfCheck,
    staleTime: 0,
    retry: false,
  });
  const data = check.data;
  const result = data?.result;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const skew =
    data && result ? clockSkew(result.serverTime, result.timeZone, data.sentAt, data.receivedAt) : undefined;

  const items: DescriptionsProps['items'] = result
    ? [
        { key: 'api', label: t('screens.selfCheck.api'), children: <StatusBadge status={result.api} /> },
        {
          key: 'database',
          label: t('screens.selfCheck.database'),
          children: (
            <StatusBadge
              status={result.database.status}
              detail={
                <>
                  <Tag>{kindName(t, result.database.kind)}</Tag>
                  {latency(t, result.database.latencyMs)}
                </>
              }
            />
          ),
        },
        {
          key: 'store',
          label: t('screens.selfCheck.store'),
          children: (
            <StatusBadge
              status={result.store.status}
              detail={
                <>
                  <Tag>{kindName(t, result.store.kind)}</Tag>
                  {latency(t, result.store.latencyMs)}
                </>
              }
            />
          ),
        },
        {
          key: 'tenantIsolation',
          label: t('screens.selfCheck.tenantIsolation'),
          children: <TenantIsolation value={result.tenantIsolation} />,
        },
        {
          key: 'version',
          label: t('screens.selfCheck.version'),
          children: <span className={styles.mono}>{result.version}</span>,
        },
        {
          key: 'node',
          label: t('screens.selfCheck.node'),
          children: <span className={styles.mono}>{result.nodeVersion ?? t('common.empty')}</span>,
        },
        {
          key: 'uptime',
          label: t('screens.selfCheck.uptime'),
          children: uptimeText(t, result.uptimeSeconds),
        },
        {
          key: 'serverTime',
          label: t('screens.selfCheck.serverTime'),
          children: <span className={styles.mono}>{result.serverTime}</span>,
        },
        {
          key: 'timeZone',
          label: t('screens.selfCheck.timeZone'),
          children: result.timeZone ?? t('common.empty'),
        },
        {
          key: 'browserTime',
          label: t('screens.selfCheck.browserTime'),
          children: (
            <span className={styles.mono}>
              {dayjs((data.sentAt + data.receivedAt) / 2).format(DATE_TIME_FORMAT)}
            </span>
          ),
        },
        { key: 'browserTimeZone', label: t('screens.selfCheck.browserTimeZone'), children: browserZone },
        {
          key: 'skew',
          label: t('screens.selfCheck.skew'),
          span: 2,
          children: skew ? (
            <Space orientation="vertical" size={4}>
              <Tag color={Math.abs(skew.skewMs) >= SKEW_WARNING_MS ? 'error' : 'success'}>
                {skewText(t, skew.skewMs, skew.uncertaintyMs)}
              </Tag>
              <span className={styles.muted}>
                {t('screens.selfCheck.roundTrip', { ms: data.receivedAt - data.sentAt })}
              </span>
            </Space>
          ) : (
            t('common.empty')
          ),
        },
      ]
    : [];

  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <div>
          <h1 className={frame.title}>{t('screens.selfCheck.title')}</h1>
          <p className={frame.subtitle}>{t('screens.selfCheck.description')}</p>
        </div>
        <Space wrap>
          {check.dataUpdatedAt ? (
            <span className={styles.muted}>
              {t('screens.selfCheck.checkedAt')}：{dayjs(check.dataUpdatedAt).format(DATE_TIME_FORMAT)}
            </span>
          ) : null}
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={check.isFetching}
            onClick={() => void check.refetch()}
          >
            {t('screens.selfCheck.recheck')}
          </Button>
        </Space>
      </header>

      {check.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('screens.selfCheck.failed', {
            reason: check.error instanceof Error ? check.error.message : String(check.error),
          })}
        />
      ) : null}

      {result ? (
        <Alert
          type={allUp(result) ? 'success' : 'error'}
          showIcon
          title={t(allUp(result) ? 'screens.selfCheck.allUp' : 'screens.selfCheck.someDown')}
        />
      ) : null}
      {skew && Math.abs(skew.skewMs) >= SKEW_WARNING_MS ? (
        <Alert type="warning" showIcon title={t('screens.selfCheck.skewWarning')} />
      ) : null}

      <Card loading={check.isPending} size="small">
        {result ? <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} items={items} /> : null}
      </Card>
    </div>
  );
}
