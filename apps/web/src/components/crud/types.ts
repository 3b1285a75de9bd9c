import type { Rule } from 'antd/es/form';
import type { ParseKeys, TFunction } from 'i18next';
import type { ReactNode } from 'react';
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
}

/** Permission code of a button, or `true` to always show it; an absent entry hides the button. */
export type CrudPermission = string | boolean;

export interface CrudPermissions {
  add?: CrudPermission;
  edit?: CrudPermission;
  delete?: CrudPermission;
  view?: CrudPermission;
}

/** Everything an admin screen is made of. */
export interface CrudPageProps<T extends { id: string }> {
  /** Query-cache key of the resource, e.g. `param`. */
  resource: string;
  api: CrudApi<T>;
  fields: readonly CrudField[];
  permissions?: CrudPermissions;
  /** Width of the add/edit/view dialog (default 880, the dictionary dialog's width). */
  dialogWidth?: number;
  /** Width of the table's action column (default 180). */
  actionWidth?: number;
}
