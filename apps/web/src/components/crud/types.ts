import type { Rule } from 'antd/es/form';
import type { ParseKeys, TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { CrudApi } from '../../api/crud';
import type { DictSource } from '../../api/dictionary';
import type { TreeNodeData } from '../tree/TreePicker';

/** An i18n key of the zh-CN messages (checked at compile time). */
export type MessageKey = ParseKeys;

/**
 * Kinds of field a declaration may use. `dict` is a select over a dictionary code, `tree` a tree select over a
 * tree endpoint, `upload` a file field whose value is the link(s) `put-file` answered (comma-joined).
 */
export type CrudFieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'dict'
  | 'tree'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'upload';

/** Where a dialog is opened from. */
export type CrudMode = 'add' | 'edit' | 'view';

export interface CrudOption {
  label: MessageKey;
  value: string | number;
}

/**
 * One column of an entity, used by the search form, the table, the dialog's form and its view mode. Defaults:
 * shown in the table, the form and the view; not in the search form.
 */
export interface CrudField {
  /** Record property (and form field name). */
  name: string;
  label: MessageKey;
  /** Defaults to `text`. */
  type?: CrudFieldType;

  /**
   * In the search form. Text, select, dict and tree fields filter by `<name>` (the server matches text with
   * `like`); date and datetime fields search a range sent as `<name>_dategt` / `<name>_datelt`.
   */
  search?: boolean;
  /** In the table (default true); an object sets the column's width or a custom cell. */
  table?:
    | boolean
    | {
        width?: number;
        /** Cut long text to one line (default for textarea). */
        ellipsis?: boolean;
        render?: (value: unknown, record: Record<string, unknown>) => ReactNode;
      };
  /** In the add/edit form (default true). */
  form?: boolean;
  /** In the view dialog (default: as `form`). */
  view?: boolean;

  /** Required in the form, with this message. */
  required?: MessageKey;
  /** Maximum length of text (a counter is shown for textareas). */
  maxLength?: number;
  /** More rules; messages must be translated by the declaration (it receives `t`). */
  rules?: (t: TFunction) => Rule[];
  /** Not editable when the dialog is in one of these modes. */
  readOnlyIn?: readonly CrudMode[];
  /** Form value for a new record. */
  initialValue?: unknown;
  /** Half (12) or full (24, default for textarea and upload) width in the dialog's two-column grid. */
  span?: 12 | 24;
  /** Rows of a textarea (default 4). */
  rows?: number;
  /** Short help text under the form control. */
  help?: MessageKey;

  /** `select`: fixed options. */
  options?: readonly CrudOption[];
  /** `dict`: the dictionary code; `numeric` turns integer keys into numbers (for integer columns). */
  dict?: { code: string; source?: DictSource; numeric?: boolean };
  /** `tree`: where the nodes come from; `joined` sends a multiple choice comma-joined. */
  tree?: {
    queryKey: readonly unknown[];
    load: () => Promise<TreeNodeData[]>;
    multiple?: boolean;
    joined?: boolean;
    fieldNames?: { label?: string; value?: string; children?: string };
  };
  /** `upload`: accepted extensions, size limit in KB, number of files, list style. */
  upload?: {
    accept?: readonly string[];
    maxKb?: number;
    maxCount?: number;
    listType?: 'text' | 'picture-card';
  };
  /** `switch`: stored values when on and off (default 1 and 0). */
  switchValues?: readonly [unknown, unknown];
  /** `number`: bounds and decimals. */
  min?: number;
  max?: number;
  precision?: number;
  /**
   * A control of the screen's own in the add/edit/view form (e.g. an icon picker) instead of the type's; the
   * search form keeps the type's control.
   */
  control?: ComponentType<CrudControlProps>;
}

/** What `Form.Item` hands a screen's own control. */
export interface CrudControlProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
}

/** Permission code of a button, or `true` to always show it; an absent entry hides the button. */
export type CrudPermission = string | boolean;

export interface CrudPermissions {
  add?: CrudPermission;
  edit?: CrudPermission;
  delete?: CrudPermission;
  view?: CrudPermission;
}

/** What a toolbar action works on. */
export interface CrudToolbarContext<T> {
  /** The checked rows (kept across pages). */
  selectedRows: readonly T[];
  selectedIds: readonly string[];
  /** The list's active filters (search fields and the tree panel's choice), e.g. for an export of what is shown. */
  filters: Readonly<Record<string, unknown>>;
  /** Loads the list again (in a tree table, every expanded level too). */
  reload: () => Promise<void>;
  clearSelection: () => void;
}

/** What a row action works on. */
export interface CrudRowContext<T> {
  record: T;
  /** Loads the list again (in a tree table, every expanded level too). */
  reload: () => Promise<void>;
}

interface CrudActionBase {
  key: string;
  /** Shown only to users holding this permission code (checked like 新增/编辑/删除); always shown without one. */
  permission?: string;
}

/** An extra button: a translated label and what a click does. */
export interface CrudButtonAction<C> extends CrudActionBase {
  label: MessageKey;
  icon?: ReactNode;
  danger?: boolean;
  /** Not shown in this context (e.g. a row action only some rows have). */
  hidden?: (context: C) => boolean;
  onClick: (context: C) => unknown;
}

/** An extra control the page draws itself (a dropdown, an upload…). */
export interface CrudRenderAction<C> extends CrudActionBase {
  render: (context: C) => ReactNode;
}

/**
 * A button beside 新增 / 批量删除. With `selection`, a click goes through only when exactly one (`single`) or at
 * least one (`multiple`) row is checked; otherwise the user is told to choose.
 */
export type CrudToolbarAction<T> =
  | (CrudButtonAction<CrudToolbarContext<T>> & { selection?: 'single' | 'multiple' })
  | CrudRenderAction<CrudToolbarContext<T>>;

/** An action beside a row's 查看 / 编辑 / 删除. */
export type CrudRowAction<T> = CrudButtonAction<CrudRowContext<T>> | CrudRenderAction<CrudRowContext<T>>;

/** The 新增子项 row action of a tree table: the add dialog with the row preset as the parent. */
export interface CrudAddChild<T> {
  /** Permission code (default: the one of 新增). */
  permission?: CrudPermission;
  /** The field that holds the parent's id (default `parentId`); sent even when it is not in the form. */
  field?: string;
  /** More values taken from the parent, e.g. a dictionary item's `code`. */
  preset?: (parent: T) => Record<string, unknown>;
  /** Rows that take no children (e.g. buttons under a menu). */
  hidden?: (record: T) => boolean;
}

/**
 * A tree beside the list (e.g. departments beside users): choosing a node filters the list by `param` (the node's
 * value) from page 1; choosing it again shows everything. On a phone the tree folds above the list.
 */
export interface CrudTreeFilter {
  /** The list filter the chosen node is sent as, e.g. `deptId`. */
  param: string;
  /** Heading of the tree, e.g. 部门. */
  title: MessageKey;
  /** Query-cache key of the tree, e.g. `['dept', 'tree']`. */
  queryKey: readonly unknown[];
  /** The whole tree (e.g. `GET dept/tree`), or with `loadChildren` its top level. */
  load: () => Promise<TreeNodeData[]>;
  /** Lazy trees: the children of a node whose `hasChildren` is true (e.g. `GET dept/lazy-tree?parentId=`). */
  loadChildren?: (parentId: string) => Promise<TreeNodeData[]>;
  /** Which properties hold the label, value and children (default `title`, `id`, `children`). */
  fieldNames?: { label?: string; value?: string; children?: string };
  /** Width beside the list (default 260). */
  width?: number;
}

/** Everything an admin screen is made of. */
export interface CrudPageProps<T extends { id: string }> {
  /** Query-cache key of the resource, e.g. `param`. */
  resource: string;
  /** The binding; one with `tree` makes the table a tree table (no paging). */
  api: CrudApi<T>;
  fields: readonly CrudField[];
  permissions?: CrudPermissions;
  /** Width of the add/edit/view dialog (default 880, the dictionary dialog's width). */
  dialogWidth?: number;
  /** Width of the table's action column (default 180). */
  actionWidth?: number;
  /** More buttons beside 新增 / 批量删除. */
  toolbarActions?: readonly CrudToolbarAction<T>[];
  /** More actions beside each row's 查看 / 编辑 / 删除. */
  rowActions?: readonly CrudRowAction<T>[];
  /** Rows that offer no 删除 (e.g. built-in records the server refuses to remove); every row when absent. */
  removable?: (record: T) => boolean;
  /** A 新增子项 row action (tree tables); `true` for the defaults. */
  addChild?: boolean | CrudAddChild<T>;
  /** A tree beside the list that filters it. */
  treeFilter?: CrudTreeFilter;
  /**
   * Checkboxes to choose rows (default true). Lists without batch actions (read-only lists such as 我的事务)
   * turn them off.
   */
  selectable?: boolean;
}
