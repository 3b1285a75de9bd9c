import type { CrudField } from './types';

/**
 * The create-time column every entity has: shown in the table, searched as a range (`createTime_dategt` /
 * `createTime_datelt`), never edited.
 */
export function createTimeField(overrides: Partial<CrudField> = {}): CrudField {
  return {
    name: 'createTime',
    label: 'crud.createTime',
    type: 'datetime',
    search: true,
    form: false,
    view: true,
    table: { width: 170 },
    ...overrides,
  };
}
