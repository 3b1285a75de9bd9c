import { paramEntity } from '@cube/contract';
import { registerCrud } from '../../../platform/crud/index.js';
import { defineModule } from '../../../platform/deps.js';

/**
 * System parameters: platform-wide key/value settings such as `account.failCount`. What the server reads of them,
 * with types and defaults, is declared in param.queries.ts.
 */
export const paramModule = defineModule('system/param', (app, deps) => {
  registerCrud(app, deps, paramEntity, { table: 'cubeParam' });
});
