export type { CrudApi, ListQuery } from '../../api/crud';
export { createCrudApi } from '../../api/crud';
export { CrudPage } from './CrudPage';
export {
  type EntityFieldSpec,
  entityFields,
  entityMessageKey,
  entityPermissions,
  translateEntityMessage,
} from './entity';
export { createTimeField } from './fields';
export type { CrudField, CrudFieldType, CrudMode, CrudPageProps, CrudPermissions, MessageKey } from './types';
