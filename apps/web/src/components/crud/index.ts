export type { CrudApi, CrudTreeSource, ListQuery, TreeQuery } from '../../api/crud';
export { createCrudApi, createTreeCrudApi } from '../../api/crud';
export { CrudFormItems } from './CrudDialog';
export { CrudPage } from './CrudPage';
export {
  type EntityFieldSpec,
  entityFields,
  entityMessageKey,
  entityPermissions,
  translateEntityMessage,
} from './entity';
export { createTimeField } from './fields';
export type {
  CrudAddChild,
  CrudControlProps,
  CrudField,
  CrudFieldType,
  CrudMode,
  CrudPageProps,
  CrudPermissions,
  CrudRowAction,
  CrudRowContext,
  CrudToolbarAction,
  CrudToolbarContext,
  CrudTreeFilter,
  MessageKey,
} from './types';
export { fromFormValues, toFormValues } from './values';
