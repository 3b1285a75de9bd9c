import { SettingOutlined } from '@ant-design/icons';
import { dictBizEntity, dictEntity } from '@cube/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Switch, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DictRow,
  type DictVariant,
  dictChildApi,
  dictItemTree,
  dictParentApi,
} from '../../../../api/dict';
import { CrudPage, entityFields, entityPermissions, type MessageKey } from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { useMessageApi } from '../../../../lib/feedback';
import { useCan } from '../../../../stores/permission';
import styles from './DictionaryScreen.module.css';
import { forgetDictionaries } from './forgetDictionaries';

/** Antd titles carry their own margins; the pane headings sit close above their panels. */
const HEADING = { margin: '0 0 8px 4px' } as const;

const ENTITIES = { dict: dictEntity, dictbiz: dictBizEntity } as const;

/**
 * The sealed flag as a switch in the table (it toggles 0 ↔ 1), saved at once through `submit` with the
 * row as it is; read-only without the edit code.
 */
function SealedSwitch({
  row,
  submit,
  editCode,
  resource,
}: {
  row: DictRow;
  submit: (record: Record<string, unknown>) => Promise<unknown>;
  editCode: string;
  resource: string;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const can = useCan();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { children: _children, hasChildren: _hasChildren, ...record } = row;
  return (
    <Switch
      size="small"
      checked={row.isSealed === 1}
      loading={busy}
      disabled={!can(editCode)}
      checkedChildren={t('crud.yes')}
      unCheckedChildren={t('crud.no')}
      aria-label={t('screens.dict.isSealed')}
      onChange={async (checked) => {
        setBusy(true);
        try {
          await submit({ ...record, isSealed: checked ? 1 : 0 });
          void message.success(t('crud.updated'));
          await queryClient.invalidateQueries({ queryKey: [resource] });
        } catch (error) {
          reportFailure(error, message);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/**
 * The two-pane dictionary screen (as BladeX `dict.vue`): the dictionaries (root rows, paged, searchable,
 * selectable) beside the items of the chosen one as a tree (searchable, selectable), one 880-wide dialog each.
 * An item's code and parent are fixed in its form (the server keeps them too). Any change drops this browser's
 * cached dictionaries so that selects show it at once.
 */
export function DictionaryScreen({ variant }: { variant: DictVariant }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entity = ENTITIES[variant];
  const editCode = entity.permissions.edit;
  const [root, setRoot] = useState<DictRow>();
  const afterChange = useMemo(() => () => forgetDictionaries(queryClient), [queryClient]);
  const parentResource = `${variant}-parent`;
  const childResource = `${variant}-child-${root?.id ?? ''}`;

  const parentApi = useMemo(() => dictParentApi(variant, afterChange), [variant, afterChange]);
  const childApi = useMemo(
    () => (root ? dictChildApi(variant, root.id, afterChange) : undefined),
    [variant, root, afterChange],
  );

  const sealed = (resource: string, submit: (r: Record<string, unknown>) => Promise<unknown>) => ({
    name: 'isSealed' as const,
    type: 'switch' as const,
    initialValue: 0,
    table: {
      width: 90,
      render: (_: unknown, row: Record<string, unknown>) => (
        <SealedSwitch
          row={row as unknown as DictRow}
          submit={submit}
          editCode={editCode}
          resource={resource}
        />
      ),
    },
  });

  const parentFields = entityFields(entity, [
    { name: 'code', search: true },
    { name: 'dictValue', search: true },
    { name: 'sort', type: 'number', initialValue: 0, precision: 0, table: { width: 90 } },
    sealed(parentResource, parentApi.submit),
    { name: 'remark', type: 'textarea', table: false, rows: 3 },
  ]);

  const childFields = root
    ? entityFields(entity, [
        { name: 'code', readOnlyIn: ['add', 'edit'], initialValue: root.code, table: false },
        { name: 'dictValue', search: true },
        {
          name: 'parentId',
          type: 'tree',
          readOnlyIn: ['add', 'edit'],
          initialValue: root.id,
          table: false,
          view: false,
          tree: {
            queryKey: [childResource, 'parents'],
            load: () => dictItemTree(variant, root) as never,
            fieldNames: { label: 'dictValue', value: 'id' },
          },
        },
        { name: 'dictKey', search: true },
        { name: 'sort', type: 'number', initialValue: 0, precision: 0, table: { width: 90 } },
        sealed(childResource, childApi!.submit),
        { name: 'remark', type: 'textarea', rows: 3, table: { ellipsis: true, width: 120 } },
      ])
    : [];

  // Stacked (narrower screens), the chosen dictionary's items are below the list: bring them into view.
  const childPane = useRef<HTMLElement>(null);
  useEffect(() => {
    if (root) childPane.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [root]);

  const parentTitle = t(`screens.${entity.name}.parentTitle` as MessageKey);
  const childTitle = root
    ? t(`screens.${entity.name}.childTitle` as MessageKey, { name: root.dictValue, code: root.code })
    : t(`screens.${entity.name}.configure` as MessageKey);

  return (
    <div className={styles.panes}>
      <section className={styles.parents} aria-label={parentTitle}>
        <Typography.Title level={5} style={HEADING}>
          {parentTitle}
        </Typography.Title>
        <CrudPage<DictRow>
          resource={parentResource}
          api={parentApi}
          fields={parentFields}
          permissions={entityPermissions(entity)}
          actionWidth={260}
          rowActions={[
            {
              key: 'items',
              label: `screens.${entity.name}.configure` as MessageKey,
              icon: <SettingOutlined />,
              onClick: ({ record }) => setRoot(record),
            },
          ]}
        />
      </section>
      <section ref={childPane} className={styles.children} aria-label={childTitle}>
        <Typography.Title level={5} style={HEADING}>
          {childTitle}
        </Typography.Title>
        {root && childApi ? (
          <CrudPage<DictRow>
            key={root.id}
            resource={childResource}
            api={childApi}
            fields={childFields}
            permissions={entityPermissions(entity)}
            actionWidth={300}
            addChild={{ preset: (row) => ({ code: row.code }) }}
          />
        ) : (
          <div className={styles.empty}>
            <Empty description={t(`screens.${entity.name}.choose` as MessageKey)} />
          </div>
        )}
      </section>
    </div>
  );
}
