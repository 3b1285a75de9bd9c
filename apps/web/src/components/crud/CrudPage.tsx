import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@cube/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../stores/permission';
import { CellValue } from './CellValue';
import { CrudDialog, type DialogState } from './CrudDialog';
import styles from './CrudPage.module.css';
import { CrudSearch } from './CrudSearch';
import { reportFailure } from './failures';
import type { CrudPageProps, CrudPermission } from './types';
import { fieldType, inTable } from './values';

const DEFAULT_DIALOG_WIDTH = 880;
/** Width of a long-text column that ends in an ellipsis, unless the field sets its own. */
const ELLIPSIS_COLUMN_WIDTH = 320;

type Filters = Record<string, string | number>;

/**
 * A whole admin screen from a declaration (design §5): search form (a search goes back to page 1), toolbar with
 * 新增 and 批量删除, selectable table with row actions, pagination 10/30/50/100/200 (default 10), and one dialog
 * for add, edit and view. Buttons show by permission code; the server checks again.
 */
export function CrudPage<T extends { id: string }>({
  resource,
  api,
  fields,
  permissions = {},
  dialogWidth = DEFAULT_DIALOG_WIDTH,
  actionWidth = 180,
}: CrudPageProps<T>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCan();
  const allowed = (permission: CrudPermission | undefined) =>
    typeof permission === 'string' ? can(permission) : permission === true;
  const canAdd = allowed(permissions.add);
  const canEdit = allowed(permissions.edit);
  const canDelete = allowed(permissions.delete);
  const canView = allowed(permissions.view);

  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<Filters>({});
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<DialogState<T> | undefined>();

  const list = useQuery({
    queryKey: [resource, 'list', { current, size, ...filters }],
    queryFn: () => api.list({ current, size, ...filters }),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;

  // After deleting the last rows of the last page, show the page that now is the last one.
  useEffect(() => {
    if (
      !list.isPlaceholderData &&
      list.data &&
      list.data.records.length === 0 &&
      list.data.total > 0 &&
      current > 1
    ) {
      setCurrent(Math.max(1, Math.ceil(list.data.total / size)));
    }
  }, [list.data, list.isPlaceholderData, current, size]);

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
        setSelectedKeys((keys) => keys.filter((key) => !ids.includes(String(key))));
        await queryClient.invalidateQueries({ queryKey: [resource] });
      },
    });
  };

  const removeSelected = () => {
    if (selectedKeys.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    confirmRemove(selectedKeys.map(String));
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
    if (!canView && !canEdit && !canDelete) return dataColumns;
    return [
      ...dataColumns,
      {
        key: '__actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: actionWidth,
        render: (_: unknown, record: T) => (
          <Space size={0} className={styles.actions}>
            {canView ? (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                onClick={() => setDialog({ mode: 'view', record })}
              >
                {t('crud.view')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setDialog({ mode: 'edit', record })}
              >
                {t('crud.edit')}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmRemove([record.id])}
              >
                {t('crud.delete')}
              </Button>
            ) : null}
          </Space>
        ),
      },
    ];
  })();

  return (
    <div className={styles.page}>
      <CrudSearch
        fields={fields}
        loading={list.isFetching}
        onSearch={(next) => {
          setFilters(next);
          setCurrent(1);
        }}
      />
      <section className={styles.panel}>
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
            {selectedKeys.length > 0 ? (
              <span className={styles.selection}>
                {t('crud.selected', { count: selectedKeys.length })}{' '}
                <Button type="link" size="small" onClick={() => setSelectedKeys([])}>
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
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </div>
        {list.isError ? (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title={t('crud.loadFailed')}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        <Table<T>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelectedKeys(keys),
          }}
          pagination={{
            current,
            pageSize: size,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => t('crud.total', { total: count }),
            onChange: (page, pageSize) => {
              if (pageSize !== size) {
                setSize(pageSize);
                setCurrent(1);
              } else {
                setCurrent(page);
              }
            },
          }}
        />
      </section>
      <CrudDialog
        resource={resource}
        api={api}
        fields={fields}
        width={dialogWidth}
        state={dialog}
        onClose={() => setDialog(undefined)}
      />
    </div>
  );
}
