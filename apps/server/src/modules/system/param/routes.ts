import { paramEntity } from '@cube/contract';
import { registerCrud } from '../../../platform/crud/index.js';
import { defineModule } from '../../../platform/deps.js';

/** System parameters (contract §10): platform-wide key/value settings such as `account.failCount`. */
export const paramModule = defineModule('system/param', (app, deps) => {
  registerCrud(app, deps, paramEntity, { table: 'cubeParam' });
});
