import type { FlowDefinition, FlowValidationIssue } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, type FormInstance, Radio, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowDeployTarget, fetchTenantOptions } from '../../../api/flow-model';
import { useSessionStore } from '../../../stores/session';
import { CategorySelect, useIsPlatform } from './controls';

/** The deploy form's values: process type, mode (1 common, 2 custom) and the tenants of a custom deploy. */
export interface DeployTargetValues {
  category?: string;
  mode: 1 | 2;
  tenantIds?: string[];
}

export function toDeployTarget(values: DeployTargetValues): FlowDeployTarget {
  return { category: values.category ?? '', tenantIds: values.mode === 1 ? [] : (values.tenantIds ?? []) };
}

/**
 * 流程类型 / 流程模式 / 所属租户, the deploy dialog's three fields. The platform administrator
 * chooses common or custom and any tenants; a tenant's administrator deploys for their own tenant only, so the
 * mode is custom and the tenant is theirs (the server refuses anything else with its own message).
 */
export function DeployTargetFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  const ownTenant = useSessionStore((state) => state.tenantId ?? state.userInfo?.tenant_id ?? '');
  const mode = Form.useWatch('mode', form) as 1 | 2 | undefined;
  const tenants = useQuery({
    queryKey: ['tenant', 'select'],
    queryFn: fetchTenantOptions,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!platform) form.setFieldsValue({ mode: 2, tenantIds: ownTenant ? [ownTenant] : [] });
  }, [platform, ownTenant, form]);

  return (
    <>
      <Form.Item
        name="category"
        label={t('screens.flowDeploy.category')}
        rules={[{ required: true, message: t('screens.flow.categoryRequired') }]}
      >
        <CategorySelect
          placeholder={t('crud.selectPlaceholder', { label: t('screens.flowDeploy.category') })}
        />
      </Form.Item>
      <Form.Item
        name="mode"
        label={t('screens.flowDeploy.mode')}
        initialValue={platform ? 1 : 2}
        extra={t('screens.flowDeploy.commonHelp')}
      >
        <Radio.Group disabled={!platform}>
          <Radio value={1}>{t('screens.flowDeploy.modes.common')}</Radio>
          <Radio value={2}>{t('screens.flowDeploy.modes.custom')}</Radio>
        </Radio.Group>
      </Form.Item>
      {mode === 2 ? (
        <Form.Item
          name="tenantIds"
          label={t('screens.flowDeploy.tenants')}
          rules={[{ required: true, message: t('screens.flowDeploy.tenantsRequired') }]}
        >
          <Select
            mode="multiple"
            disabled={!platform}
            loading={tenants.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(tenants.data ?? []).map((tenant) => ({
              value: tenant.tenantId,
              label: `${tenant.tenantName} (${tenant.tenantId})`,
            }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** 「发明专利全流程 v3（通用）」、「… v2（100000）」: what a deploy made. */
export function deployedText(definitions: readonly FlowDefinition[], t: TFunction): string {
  return definitions
    .map((definition) =>
      t('screens.flowDeploy.resultItem', {
        name: definition.name || definition.key,
        version: definition.version,
        target: definition.tenantId || t('screens.flowDeploy.common'),
      }),
    )
    .join('、');
}

/** A refused deploy: the server's message, then every problem it listed (element and message). */
export function RefusalAlert({
  message,
  issues,
}: {
  message: string;
  issues: readonly FlowValidationIssue[];
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('screens.flowDeploy.refused')}
      description={
        <div>
          <div>{message}</div>
          {issues.length > 1 ? (
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {issues.map((issue) => (
                <li key={`${issue.elementId}:${issue.message}`}>
                  {issue.elementName || issue.elementId
                    ? `「${issue.elementName || issue.elementId}」：${issue.message}`
                    : issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      }
    />
  );
}
