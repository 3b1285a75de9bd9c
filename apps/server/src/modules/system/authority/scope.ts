import { API_SCOPE_TYPES, apiScopeEntity, DATA_SCOPE_TYPES, dataScopeEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { DataScopeType, parseCustomRule } from '../../../platform/data-scope.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { BizError } from '../../../platform/errors.js';
import { isLiveMenu } from './grant.queries.js';

async function requireMenu(trx: Transaction<Database>, menuId: unknown, message: string): Promise<void> {
  if (!(await isLiveMenu(trx, String(menuId)))) throw new BizError(message);
}

/**
 * Data-scope and API-scope rules: platform-global rows attached to menus, written by the platform
 * administrator (the kit makes global writes platform-only); roles get them through `role/grant`. Writes to these
 * tables drop the cached grants, so a changed rule applies from the next request.
 */
export const scopeModule = defineModule('system/scope', (app: FastifyInstance, deps: AppDeps): void => {
  registerCrud(app, deps, dataScopeEntity, {
    table: 'cubeScopeData',
    computed: ['scopeTypeName'],
    toRecord: (records) =>
      records.map((r) => ({ ...r, scopeTypeName: DATA_SCOPE_TYPES[Number(r.scopeType)] ?? '' })),
    hooks: {
      beforeSave: [
        async ({ trx, values }) => {
          await requireMenu(trx, values.menuId, dataScopeEntity.messages.menuMissing);
          if (!values.scopeField) values.scopeField = '*';
          if (Number(values.scopeType) === DataScopeType.custom) {
            if (!values.scopeValue) throw new BizError(dataScopeEntity.messages.scopeValueRequired);
            const parsed = parseCustomRule(String(values.scopeValue));
            if (typeof parsed === 'string') throw new BizError(parsed);
            // Stored normalised, so what the list shows is what the server applies.
            values.scopeValue = JSON.stringify(parsed);
          }
        },
      ],
    },
  });

  registerCrud(app, deps, apiScopeEntity, {
    table: 'cubeScopeApi',
    computed: ['scopeTypeName'],
    toRecord: (records) =>
      records.map((r) => ({ ...r, scopeTypeName: API_SCOPE_TYPES[Number(r.scopeType)] ?? '' })),
    hooks: {
      beforeSave: [
        async ({ trx, values }) => {
          await requireMenu(trx, values.menuId, apiScopeEntity.messages.menuMissing);
        },
      ],
    },
  });
});
