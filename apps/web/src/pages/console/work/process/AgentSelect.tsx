import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFlowUsers } from '../../../../api/flow-work';
import type { CrudControlProps } from '../../../../components/crud';
import { userChoiceOptions } from '../../../../lib/userChoices';

/** The tenant's agents (role alias `agent`, `work/users`), searched by name: who drafts and files the case. */
export const AGENT_ROLE = 'agent';

export function AgentSelect({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const name = useDeferredValue(text);
  const users = useQuery({
    queryKey: ['flow', 'users', AGENT_ROLE, name],
    queryFn: () => fetchFlowUsers({ roleAlias: AGENT_ROLE, name }),
  });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      disabled={disabled}
      value={(value as string) || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      onSearch={setText}
      filterOption={false}
      loading={users.isFetching}
      placeholder={t('screens.workProcess.agentPlaceholder')}
      options={userChoiceOptions(users.data ?? [])}
    />
  );
}
