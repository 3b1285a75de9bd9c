import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { PAGE_SIZES } from '@cube/contract';
import { Alert, App, Button, Grid, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../lib/feedback';
import { useCan } from '../../stores/permission';
import { CellValue } from './CellValue';
import { CrudDialog, type DialogState } from './CrudDialog';
import styles from './CrudPage.module.css';
import { CrudSearch } from './CrudSearch';
import { CrudTreePanel } from './CrudTreePanel';
import { reportFailure } from './failures';
import type {
  CrudAddChild,
  CrudButtonAction,
  CrudPageProps,
  CrudPermission,
  CrudRenderAction,
  CrudRowContext,
  CrudToolbarContext,
} from './types';
import { type Filters, useCrudRows } from './useCrudRows';
import { fieldType, inTable } from './values';

const DEFAULT_DIALOG_WIDTH = 880;
/** Width of a long-text column that ends in an ellipsis, unless the field sets its own. */
const ELLIPSIS_COLUMN_WIDTH = 320;

/**
 * A whole admin screen from a declaration: search form (a search goes back to page 1), toolbar with
 * 新增 and 批量删除, selectable table with row actions, pagination 10/30/50/100/200 (default 10), and one dialog
 * for add, edit and view. Buttons show by permission code; the server checks again.
 *
 * A binding with `tree` makes a tree table instead (no paging; lazy levels load on expand and reload with the
 * rest); `addChild` adds 新增子项 to each row; `treeFilter` puts a tree beside the list that filters it;
 * `toolbarActions` and `rowActions` add the screen's own buttons; `removable` keeps 删除 off the rows the server
 * would refuse to remove; `selectable={false}` drops the checkboxes of a list without batch actions.
 */
export function CrudPage<T extends { id: string }>({
  resource,
  api,
  fields,
  permissions = {},
  dialogWidth = DEFAULT_DIALOG_WIDTH,
  actionWidth = 180,
  toolbarActions = [],
  rowActions = [],
  removable,
  addChild,
  treeFilter,
  selectable = true,
}: CrudPageProps<T>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const can = useCan();
  const allowed = (permission: CrudPermission | undefined) =>
    typeof permission === 'string' ? can(permission) : permission === true;
  // The screen's own actions show to everyone unless they name a code.
  const allowedExtra = (permission: string | undefined) => permission === undefined || can(permission);
  const canAdd = allowed(permissions.add);
  const canEdit = allowed(permissions.edit);
  const canDelete = allowed(permissions.delete);
  const canView = allowed(permissions.view);
  const child: CrudAddChild<T> | undefined = addChild === true ? {} : addChild || undefined;
  const canAddChild = child !== undefined && allowed(child.permission ?? permissions.add);
  const childField = child?.field ?? 'parentId';
  const extraRowActions = rowActions.filter((action) => allowedExtra(action.permission));
  const extraToolbarActions = toolbarActions.filter((action) => allowedExtra(action.permission));

  const narrow = !Grid.useBreakpoint().md;
  const [filters, setFilters] = useState<Filters>({});
  const [treeValue, setTreeValue] = useState<string>();
  const [selection, setSelection] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const [dialog, setDialog] = useState<DialogState<T> | undefined>();

  const query: Filters =
    treeFilter && treeValue !== undefined ? { ...filters, [treeFilter.param]: treeValue } : filters;
  const list = useCrudRows(resource, api, query);
  const reload = () => list.refetch();

  const confirmRemove = (ids: readonly string[]) => {
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.remove(ids);
        } catch (error) {
          reportFailure(error, message);
          return;
        }
        void message.success(t('crud.deleted'));
        setSelection((current) => ({
          keys: current.keys.filter((key) => !ids.includes(String(key))),
          rows: current.rows.filter((row) => !ids.includes(row.id)),
        }));
        await reload();
      },
    });
  };

  const removeSelected = () => {
    if (selection.keys.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    confirmRemove(selection.keys.map(String));
  };

  const toolbarContext: CrudToolbarContext<T> = {
    selectedRows: selection.rows,
    selectedIds: selection.keys.map(String),
    filters: query,
    reload,
    clearSelection: () => setSelection({ keys: [], rows: [] }),
  };

  const runToolbarAction = (
    action: CrudButtonAction<CrudToolbarContext<T>>,
    needs?: 'single' | 'multiple',
  ) => {
    const count = selection.keys.length;
    if (needs === 'multiple' && count === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    if (needs === 'single' && count !== 1) {
      void message.warning(t(count === 0 ? 'crud.selectAtLeastOne' : 'crud.selectOnlyOne'));
      return;
    }
    void action.onClick(toolbarContext);
  };

  const rowButtons = (record: T): ReactNode[] => {
    const context: CrudRowContext<T> = { record, reload };
    const buttons: ReactNode[] = [];
    if (canView)
      buttons.push(
        <Button
          key="__view"
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setDialog({ mode: 'view', record })}
        >
          {t('crud.view')}
        </Button>,
      );
    if (canEdit)
      buttons.push(
        <Button
          key="__edit"
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setDialog({ mode: 'edit', record })}
        >
          {t('crud.edit')}
        </Button>,
      );
    if (canDelete && (removable?.(record) ?? true))
      buttons.push(
        <Button
          key="__delete"
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmRemove([record.id])}
        >
          {t('crud.delete')}
        </Button>,
      );
    if (canAddChild && !child?.hidden?.(record))
      buttons.push(
        <Button
          key="__addChild"
          type="link"
          size="small"
          icon={<SubnodeOutlined />}
          onClick={() =>
            setDialog({
              mode: 'add',
              preset: { ...child?.preset?.(record), [childField]: record.id },
            })
          }
        >
          {t('crud.addChild')}
        </Button>,
      );
    for (const action of extraRowActions) {
      if (isRender(action)) {
        buttons.push(<span key={action.key}>{action.render(context)}</span>);
      } else if (!action.hidden?.(context)) {
        buttons.push(
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            icon={action.icon}
            onClick={() => void action.onClick(context)}
          >
            {t(action.label)}
          </Button>,
        );
      }
    }
    return buttons;
  };

  const columns = ((): TableColumnsType<T> => {
    const dataColumns: TableColumnsType<T> = fields.filter(inTable).map((field) => {
      const options = typeof field.table === 'object' ? field.table : {};
      const ellipsis = options.ellipsis ?? fieldType(field) === 'textarea';
      return {
        key: field.name,
        dataIndex: field.name,
        title: t(field.label),
        // The table scrolls at its content's width, so a long-text column truncates only at a set width.
        width: options.width ?? (ellipsis ? ELLIPSIS_COLUMN_WIDTH : undefined),
        ellipsis: ellipsis ? { showTitle: true } : false,
        render: (value: unknown, record: T) =>
          options.render ? (
            options.render(value, record as unknown as Record<string, unknown>)
          ) : (
            <CellValue field={field} value={value} />
          ),
      };
    });
    if (!canView && !canEdit && !canDelete && !canAddChild && extraRowActions.length === 0)
      return dataColumns;
    return [
      ...dataColumns,
      {
        key: '__actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: actionWidth,
        render: (_: unknown, record: T) => (
          <Space size={0} className={styles.actions}>
            {rowButtons(record)}
          </Space>
        ),
      },
    ];
  })();

  const toolbar = (
    <div className={styles.toolbar}>
      <Space wrap>
        {canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            {t('crud.add')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={removeSelected}>
            {t('crud.batchDelete')}
          </Button>
        ) : null}
        {extraToolbarActions.map((action) =>
          isRender(action) ? (
            <span key={action.key}>{action.render(toolbarContext)}</span>
          ) : action.hidden?.(toolbarContext) ? null : (
            <Button
              key={action.key}
              danger={action.danger}
              icon={action.icon}
              onClick={() => runToolbarAction(action, 'selection' in action ? action.selection : undefined)}
            >
              {t(action.label)}
            </Button>
          ),
        )}
        {selection.keys.length > 0 ? (
          <span className={styles.selection}>
            {t('crud.selected', { count: selection.keys.length })}{' '}
            <Button type="link" size="small" onClick={() => setSelection({ keys: [], rows: [] })}>
              {t('crud.clearSelection')}
            </Button>
          </span>
        ) : null}
      </Space>
      <Tooltip title={t('crud.refresh')}>
        <Button
          aria-label={t('crud.refresh')}
          icon={<ReloadOutlined />}
          loading={list.isFetching}
          onClick={() => void reload()}
        />
      </Tooltip>
    </div>
  );

  const table = (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.rows}
      loading={list.isFetching}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selection.keys,
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => setSelection({ keys, rows: rows.filter((row) => row !== undefined) }),
            }
          : undefined
      }
      expandable={
        list.paged
          ? undefined
          : {
              expandedRowKeys: list.expandedKeys,
              onExpand: (expanded, record) => list.onExpand(expanded, record.id),
            }
      }
      pagination={
        list.paged
          ? {
              current: list.page.current,
              pageSize: list.page.size,
              total: list.total,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (count) => t('crud.total', { total: count }),
              onChange: (page, pageSize) => list.setPage(page, pageSize),
            }
          : false
      }
    />
  );

  const main = (
    <>
      <CrudSearch
        fields={fields}
        loading={list.isFetching}
        onSearch={(next) => {
          setFilters(next);
          list.setPage(1, list.page.size);
        }}
        onReset={() => setTreeValue(undefined)}
      />
      <section className={styles.panel}>
        {toolbar}
        {list.isError ? (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title={t('crud.loadFailed')}
            action={
              <Button size="small" onClick={() => void reload()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        {table}
      </section>
    </>
  );

  const panel = treeFilter ? (
    <CrudTreePanel
      filter={treeFilter}
      narrow={narrow}
      value={treeValue}
      onChange={(value) => {
        setTreeValue(value);
        list.setPage(1, list.page.size);
      }}
    />
  ) : null;

  return (
    <div className={styles.page}>
      {panel && !narrow ? (
        <div className={styles.split}>
          {panel}
          <div className={styles.splitMain}>{main}</div>
        </div>
      ) : (
        <>
          {panel}
          {main}
        </>
      )}
      <CrudDialog
        resource={resource}
        api={api}
        fields={fields}
        width={dialogWidth}
        state={dialog}
        onClose={() => setDialog(undefined)}
        onSaved={(mode, record) => {
          // A new child shows under its parent, which opens.
          const parent = record[childField];
          if (mode === 'add' && !list.paged && typeof parent === 'string' && parent !== '')
            list.expand([parent]);
        }}
      />
    </div>
  );
}

function isRender<C>(action: CrudButtonAction<C> | CrudRenderAction<C>): action is CrudRenderAction<C> {
  return 'render' in action;
}
