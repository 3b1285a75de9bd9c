import { FileSearchOutlined } from '@ant-design/icons';
import { type EntityDefinition, PLATFORM_TENANT_ID } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Drawer, Input, Spin } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedCrudApi } from '../../../../api/crud';
import { request } from '../../../../api/request';
import { BarChart, type BarDatum } from '../../../../components/charts/BarChart';
import { type CrudField, CrudPage, type MessageKey } from '../../../../components/crud';
import { useSessionStore } from '../../../../stores/session';
import styles from './LogScreen.module.css';

export interface LogChart<S> {
  /** Which figures of the screen's `stats` answer. */
  key: keyof S & string;
  title: MessageKey;
  valueLabel: MessageKey;
  layout?: 'columns' | 'rows';
  wide?: boolean;
  color?: string;
}

interface LogScreenProps<T extends { id: string }, S> {
  entity: EntityDefinition;
  api: PagedCrudApi<T> & { detail: (id: string) => Promise<T> };
  /** The list's columns and search fields. */
  fields: readonly CrudField[];
  /** Fields of the detail drawer, in order; `pre` ones are long text (parameters, stacks). */
  detail: ReadonlyArray<{ name: keyof T & string; pre?: boolean }>;
  stats: (tenantId?: string) => Promise<S>;
  charts: ReadonlyArray<LogChart<S>>;
}

const TENANT_PATTERN = /^[0-9A-Za-z_-]{1,12}$/;

/**
 * One log screen (通用日志, 接口日志, 错误日志): charts of the last hours or days above a read-only CrudPage with the
 * entity's filters, and a detail drawer opened by each row's 详情 (the entity's view code). The platform
 * administrator may name a tenant to read that tenant's logs (the server's `tenantId` parameter); everyone else
 * reads their own tenant's only.
 */
export function LogScreen<T extends { id: string }, S>({
  entity,
  api,
  fields,
  detail,
  stats,
  charts,
}: LogScreenProps<T, S>) {
  const { t } = useTranslation();
  const ns = `screens.${entity.name}`;
  const label = (key: string) => t(`${ns}.${key}` as MessageKey);
  const isPlatform = useSessionStore((state) => state.userInfo?.tenant_id === PLATFORM_TENANT_ID);
  const [tenantId, setTenantId] = useState<string>();
  const [tenantInput, setTenantInput] = useState('');
  const [openId, setOpenId] = useState<string>();

  // The named tenant travels with every call of the screen (list, detail, charts).
  const scopedApi = useMemo<PagedCrudApi<T>>(
    () => ({
      ...api,
      list: (query) => api.list(tenantId ? { ...query, tenantId } : query),
    }),
    [api, tenantId],
  );
  const chartData = useQuery({
    queryKey: [entity.name, 'stats', tenantId ?? ''],
    queryFn: () => stats(tenantId),
    // Figures of the last hours move while the screen is open.
    refetchInterval: 30_000,
  });
  const shown = useQuery({
    queryKey: [entity.name, 'detail', openId, tenantId ?? ''],
    queryFn: async () => {
      if (!openId) return undefined;
      // The detail of a named tenant's row goes through the same cross-tenant parameter.
      if (!tenantId) return api.detail(openId);
      const { data } = await request.get<{ data: T }>(`${entity.api}/detail`, {
        params: { id: openId, tenantId },
      });
      return data.data;
    },
    enabled: openId !== undefined,
  });

  const value = (record: T | undefined, name: string, pre?: boolean): ReactNode => {
    const raw = record ? (record as Record<string, unknown>)[name] : undefined;
    const text = raw === null || raw === undefined || raw === '' ? '-' : String(raw);
    return pre ? <pre className={styles.pre}>{text}</pre> : text;
  };

  return (
    <div className={styles.screen}>
      {isPlatform ? (
        <div className={styles.tenantBar}>
          <span>{label('tenantId')}</span>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            value={tenantInput}
            placeholder={PLATFORM_TENANT_ID}
            aria-label={label('tenantId')}
            status={tenantInput && !TENANT_PATTERN.test(tenantInput) ? 'error' : undefined}
            onChange={(event) => setTenantInput(event.target.value)}
            onSearch={(next) => {
              const trimmed = next.trim();
              if (trimmed && !TENANT_PATTERN.test(trimmed)) return;
              setTenantId(trimmed && trimmed !== PLATFORM_TENANT_ID ? trimmed : undefined);
            }}
          />
        </div>
      ) : null}
      <section className={styles.charts} aria-label={label('chartsTitle')}>
        {charts.map((chart) => (
          <Card
            key={chart.key}
            size="small"
            title={t(chart.title)}
            className={chart.wide ? styles.wide : undefined}
          >
            {chartData.isError ? (
              <Alert type="error" showIcon title={t('crud.loadFailed')} />
            ) : chartData.data ? (
              <BarChart
                title={t(chart.title)}
                valueLabel={t(chart.valueLabel)}
                layout={chart.layout}
                color={chart.color}
                height={140}
                data={(chartData.data[chart.key] as unknown as BarDatum[]) ?? []}
              />
            ) : (
              <Spin />
            )}
          </Card>
        ))}
      </section>
      <CrudPage<T>
        resource={`${entity.name}:${tenantId ?? ''}`}
        api={scopedApi}
        fields={fields}
        actionWidth={90}
        rowActions={[
          {
            key: 'detail',
            label: `${ns}.detail` as MessageKey,
            icon: <FileSearchOutlined />,
            permission: entity.permissions.view,
            onClick: ({ record }) => setOpenId(record.id),
          },
        ]}
      />
      <Drawer
        open={openId !== undefined}
        onClose={() => setOpenId(undefined)}
        width={720}
        title={label('detailTitle')}
        destroyOnHidden
      >
        {shown.isError ? (
          <Alert type="error" showIcon title={t('crud.loadFailed')} />
        ) : shown.isLoading || !shown.data ? (
          <Spin />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 120 } }}
            items={detail.map(({ name, pre }) => ({
              key: name,
              label: label(name),
              children: value(shown.data, name, pre),
            }))}
          />
        )}
      </Drawer>
    </div>
  );
}
