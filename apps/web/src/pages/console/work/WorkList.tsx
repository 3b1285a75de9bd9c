import { ApartmentOutlined, FileSearchOutlined } from '@ant-design/icons';
import { flowPagePath } from '@cube/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PagedCrudApi } from '../../../api/crud';
import { type CrudField, CrudPage, type CrudRowAction } from '../../../components/crud';
import { DiagramDialog, type DiagramRequest } from './DiagramDialog';
import { useRouteOfCategory } from './flowRoutes';

/** What every row of the task and instance lists carries. */
export interface WorkRow {
  id: string;
  processInstanceId: string;
  processDefinitionName: string;
  category: string;
  businessId: string;
  title: string;
}

interface WorkListProps<T extends WorkRow> {
  resource: string;
  api: PagedCrudApi<T>;
  fields: readonly CrudField[];
  /** The list's own actions, before 详情 and 流程图. */
  actions?: (open: WorkOpeners) => ReadonlyArray<CrudRowAction<T>>;
  /** Permission codes of 详情 and 流程图 on this list. */
  detailPermission: string;
  followPermission: string;
}

export interface WorkOpeners {
  /** The business page of a row's category (`/work/process/<route>/…`). */
  handle: (row: WorkRow & { taskId: string }) => void;
  detail: (row: WorkRow) => void;
}

/**
 * One of the 我的事务 lists (claim, todo, send, done): a read-only CrudPage with the list's own
 * actions, 详情 (the category's detail page) and 流程图 (the instance's diagram with its marks in a dialog).
 */
export function WorkList<T extends WorkRow>({
  resource,
  api,
  fields,
  actions,
  detailPermission,
  followPermission,
}: WorkListProps<T>) {
  const navigate = useNavigate();
  const routeOf = useRouteOfCategory();
  const [diagram, setDiagram] = useState<DiagramRequest>();
  const open: WorkOpeners = {
    handle: (row) =>
      void navigate(
        flowPagePath(routeOf(row.category), 'handle', {
          taskId: row.taskId,
          processInstanceId: row.processInstanceId,
          businessId: row.businessId,
        }),
      ),
    detail: (row) =>
      void navigate(
        flowPagePath(routeOf(row.category), 'detail', {
          processInstanceId: row.processInstanceId,
          businessId: row.businessId,
        }),
      ),
  };
  return (
    <>
      <CrudPage<T>
        resource={resource}
        api={api}
        fields={fields}
        selectable={false}
        actionWidth={220}
        rowActions={[
          ...(actions?.(open) ?? []),
          {
            key: 'detail',
            label: 'screens.work.detail',
            icon: <FileSearchOutlined />,
            permission: detailPermission,
            onClick: ({ record }) => open.detail(record),
          },
          {
            key: 'diagram',
            label: 'screens.work.diagram',
            icon: <ApartmentOutlined />,
            permission: followPermission,
            onClick: ({ record }) =>
              setDiagram({
                name: record.title || record.processDefinitionName,
                target: { processInstanceId: record.processInstanceId },
              }),
          },
        ]}
      />
      <DiagramDialog request={diagram} onClose={() => setDiagram(undefined)} />
    </>
  );
}
