import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findUsers } from '../../../api/lead';
import { fetchCompanyList } from '../../../api/patent';
import type { CrudControlProps, MessageKey } from '../../../components/crud';
import { userChoiceOptions } from '../../../lib/userChoices';

/** One of the tenant's users, searched by name as the user types (代理师, 负责人). */
export function UserSelect({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const users = useQuery({ queryKey: ['patent-users', search], queryFn: () => findUsers(search) });
  const options = userChoiceOptions(users.data ?? []);
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
      options={options}
      placeholder={t('screens.patentApplication.agentPlaceholder')}
    />
  );
}

/** One company of the tenant's directory (`getcompanylist`). */
export function CompanySelect({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const companies = useQuery({ queryKey: ['agent-company-lookup'], queryFn: fetchCompanyList });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      disabled={disabled}
      value={(value as string) || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      optionFilterProp="label"
      loading={companies.isFetching}
      options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.uniName }))}
      placeholder={t('screens.patentApplication.companyPlaceholder')}
    />
  );
}

/** Select options of a code list whose labels live under `screens.<ns>.<group>.<code>`. */
export const codeOptions = (codes: readonly string[], prefix: string) =>
  codes.map((code) => ({ value: code, label: `${prefix}.${code}` as MessageKey }));
