import { DATASOURCE_PASSWORD_MASK, datasourceEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok } from '../../../platform/envelope.js';
import { BizError } from '../../../platform/errors.js';
import { checkConnection, describeConnectionFailure } from '../../../platform/tenant-databases.js';
import { anyTenantBound } from './datasource.queries.js';

const M = datasourceEntity.messages;

/**
 * 数据源管理 (BladeX `/blade-develop/datasource/*`): the PostgreSQL databases tenants may be bound to. Platform
 * administrator only (the codes are platform-only, the rows global). Every save first connects with the settings
 * given (测试连接: connect and `select 1`, 5 s at most) and refuses what cannot be reached; the password is sealed
 * and reads back as a mask, and a save sending the mask or nothing keeps it. A datasource a tenant is bound to is
 * not removable; a changed one is reopened with its new settings.
 */
export const datasourceModule = defineModule('system/datasource', (app: FastifyInstance, deps: AppDeps) => {
  const registry = deps.datasources;

  registerCrud(app, deps, datasourceEntity, {
    table: 'cubeDatasource',
    toRecord: (records) =>
      records.map((r) => ({ ...r, password: r.password ? DATASOURCE_PASSWORD_MASK : '' })),
    hooks: {
      beforeSave: [
        async ({ id, values, trx }) => {
          const typed = String(values.password ?? '');
          let password = typed;
          if (typed === '' || typed === DATASOURCE_PASSWORD_MASK) {
            delete values.password;
            password = '';
            if (id) {
              try {
                password = (await registry.connectionOf(trx, id))?.password ?? '';
              } catch {
                throw new BizError('数据源密码无法解密，请重新输入密码');
              }
            }
          } else {
            values.password = registry.secrets.seal(typed);
          }
          try {
            await checkConnection({
              url: String(values.url),
              username: String(values.username),
              password,
              poolSize: Number(values.poolSize),
            });
          } catch (error) {
            throw new BizError(`${M.connectionFailed}: ${describeConnectionFailure(error)}`);
          }
        },
      ],
      afterCommit: [
        async ({ savedId }) => {
          if (savedId) await registry.forget(savedId);
        },
      ],
      afterRemove: [
        async ({ trx, ids }) => {
          if (await anyTenantBound(trx, ids)) throw new BizError(M.inUse);
        },
      ],
    },
    // `select` feeds the tenant screen's 数据源配置 choice. Not the kit's (open to every signed-in user): which
    // databases the platform runs is the platform's business, so it needs the platform administrator too.
    routes: (scope, kit) => {
      scope.get(
        `${kit.prefix}/select`,
        { config: { access: access.permission(datasourceEntity.permissions.read, { platformOnly: true }) } },
        async (request) => {
          const rows = await (await kit.readRows(deps.db.db, contextOf(request)))
            .select(['cubeDatasource.id', 'cubeDatasource.name'])
            .orderBy('cubeDatasource.name')
            .execute();
          return ok(rows.map((r) => ({ id: String(r.id), name: r.name })));
        },
      );
    },
  });
});
