import { type ApiScope, apiScopeEntity } from '@cube/contract';
import { Tag } from 'antd';
import { apiScopeApi, fetchPageTree } from '../../../api/authority';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { i18n } from '../../../lib/i18n';

/**
 * 接口权限: the pages on the left, the API-scope rules of the chosen page on the right. A
 * role holding rules of a page may call only the routes of that page the rules match.
 */
const fields = entityFields(apiScopeEntity, [
  {
    name: 'menuId',
    type: 'tree',
    table: false,
    tree: { queryKey: ['menu', 'tree'], load: fetchPageTree },
  },
  { name: 'scopeName', search: true, table: { width: 180 } },
  { name: 'scopePath', search: true, help: 'screens.apiScope.scopePathHelp', table: { ellipsis: true } },
  { name: 'scopeMethod', help: 'screens.apiScope.scopeMethodHelp', table: { width: 120 } },
  { name: 'resourceCode', search: true, table: { width: 140 } },
  {
    name: 'scopeType',
    type: 'select',
    initialValue: 2,
    options: [
      { label: 'screens.apiScope.type1', value: 1 },
      { label: 'screens.apiScope.type2', value: 2 },
    ],
    table: {
      width: 110,
      render: (value) => <Tag color="purple">{i18n.t(`screens.apiScope.type${Number(value)}` as never)}</Tag>,
    },
  },
  { name: 'remark', type: 'textarea', table: false, span: 24 },
]);

export default function ApiScopePage() {
  return (
    <CrudPage<ApiScope>
      resource={apiScopeEntity.name}
      api={apiScopeApi}
      fields={fields}
      permissions={entityPermissions(apiScopeEntity)}
      treeFilter={{
        param: 'menuId',
        title: 'screens.apiScope.menus',
        queryKey: ['menu', 'tree'],
        load: fetchPageTree,
      }}
    />
  );
}
