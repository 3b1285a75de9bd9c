import { attachEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { idSchema } from '../../../platform/crud/params.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { sendBlob } from '../../../platform/export-blob.js';
import { userNamesByIds } from '../../user/user.queries.js';
import { attachObjectNames } from '../oss/attach.queries.js';
import { fileServiceOf } from '../oss/file-service.js';
import { parseObjectName } from '../oss/storage.js';

const PREVIEW_INLINE = new Set(['pdf', 'jpg', 'png', 'gif', 'webp']);

/**
 * Attachments (BladeX `/blade-resource/attach/*`): the rows `put-file-attach` records, listed per
 * tenant with the uploader's name; removing one deletes its stored object too. Files download only through
 * `download?id=`, for a signed-in user of the row's tenant (the token may ride in the query for links).
 */
export const attachModule = defineModule('resource/attach', (app: FastifyInstance, deps: AppDeps) => {
  const files = fileServiceOf(deps);
  // Attachment rows are the tenant's business data: a tenant bound to a datasource of its own keeps them there
  // (platform/tenant-databases.ts). The storage configurations (`cube_oss`) stay on the master.
  const business: AppDeps = { ...deps, db: deps.datasources.routed };
  const handle = business.db;

  registerCrud(app, business, attachEntity, {
    table: 'cubeAttach',
    operations: ['list', 'detail', 'submit', 'remove'],
    computed: ['createUserName'],
    toRecord: async (records, db) => {
      const names = await userNamesByIds(
        db,
        null,
        records.map((r) => r.createUser),
      );
      return records.map((r) => ({ ...r, createUserName: names.get(String(r.createUser)) ?? '' }));
    },
    hooks: {
      // Rows come from uploads; a submit may only rename one.
      beforeSave: [
        ({ id }) => {
          if (!id) throw new BizError(attachEntity.messages.fileRequired);
        },
      ],
      // Inside the remove transaction: if an object cannot be deleted the rows stay, so nothing is listed that
      // has no file and no file is left that nobody can list.
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          // The storage configuration is read on the master: through this transaction while it is the master's.
          const ossTrx = deps.datasources.masterExecutor(trx) === trx ? trx : undefined;
          for (const name of await attachObjectNames(trx, ctx.tenantId, ids)) {
            const object = parseObjectName(name);
            if (!object || object.tenantId !== ctx.tenantId) continue;
            const store = await files.storeOf(object, ossTrx);
            await store?.remove(object.key);
          }
        },
      ],
    },
    routes: (scope, kit) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.get(
        `${kit.prefix}/download`,
        {
          config: { access: access.download(access.permission(attachEntity.permissions.view as string)) },
          schema: { summary: '附件管理-下载', querystring: z.object({ id: idSchema }).loose() },
        },
        async (request, reply) => {
          const ctx = contextOf(request);
          // The same data scope as the list: a file is downloaded only by whoever may see its row.
          const scoped = await kit.readRows(handle.db, ctx, {
            code: attachEntity.permissions.view as string,
          });
          const row = (await scoped
            .select(['cubeAttach.name', 'cubeAttach.originalName'])
            .where('cubeAttach.id', '=', request.query.id)
            .executeTakeFirst()) as { name: string; originalName: string } | undefined;
          const object = row ? parseObjectName(row.name) : undefined;
          // The name's own tenant must be the caller's too: a row can only point into its tenant's prefix.
          if (!row || !object || object.tenantId !== ctx.tenantId) throw new NotFoundError();
          const store = await files.storeOf(object);
          const found = store ? await store.read(object.key) : undefined;
          if (!found) throw new NotFoundError();
          return sendBlob(reply, {
            body: found.body,
            size: found.size,
            fileName: row.originalName || object.name.slice(object.name.lastIndexOf('/') + 1),
            contentType: files.contentTypeOf(object),
            inline: PREVIEW_INLINE.has(object.ext),
            cache: 'private, no-cache',
          });
        },
      );
    },
  });
});
