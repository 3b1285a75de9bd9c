import { deptEntity } from '@cube/contract';
import { Tag } from 'antd';
import { type DeptRow, deptApi, fetchDeptTree } from '../../../../api/authority';
import { CrudPage, entityFields, entityPermissions } from '../../../../components/crud';
import { i18n } from '../../../../lib/i18n';

const CATEGORY_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/**
 * 部门管理: the tenant's organisation, one level per expand (`dept/lazy-list`); moving a department
 * moves its subtree. What a user sees here follows their data scope on this menu.
 */
const fields = entityFields(deptEntity, [
  { name: 'deptName', search: true, table: { width: 240 } },
  { name: 'fullName', search: true },
  {
    name: 'parentId',
    type: 'tree',
    table: false,
    tree: { queryKey: ['dept', 'tree'], load: fetchDeptTree },
  },
  {
    name: 'deptCategory',
    type: 'select',
    initialValue: 2,
    options: [
      { label: 'screens.dept.category1', value: 1 },
      { label: 'screens.dept.category2', value: 2 },
      { label: 'screens.dept.category3', value: 3 },
    ],
    table: {
      width: 110,
      render: (value) => (
        <Tag color={CATEGORY_COLORS[Number(value)]}>
          {i18n.t(`screens.dept.category${Number(value)}` as never)}
        </Tag>
      ),
    },
  },
  { name: 'sort', type: 'number', precision: 0, initialValue: 1, table: { width: 90 } },
  { name: 'remark', type: 'textarea', table: false },
]);

export default function DeptPage() {
  return (
    <CrudPage<DeptRow>
      resource={deptEntity.name}
      api={deptApi}
      fields={fields}
      permissions={entityPermissions(deptEntity)}
      actionWidth={260}
      addChild
    />
  );
}
