import {
  FlowMessage,
  flowDeployResultSchema,
  flowModelDeployInput,
  flowModelEntity,
  flowValidateInput,
  flowValidationSchema,
  PLATFORM_TENANT_ID,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import type { RequestContext } from '../../../platform/context.js';
import { type CrudKit, idSchema, parseOrRefuse, registerCrud } from '../../../platform/crud/index.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { recordOperation } from '../../../platform/operation-log.js';
import { parseModel } from '../bpmn.js';
import { builtinOf, xmlHash } from '../builtin.js';
import { deploy, FlowModelInvalidError } from '../definitions.service.js';
import { deployedVersions } from '../queries/definitions.queries.js';
import type { Executor } from '../queries/executor.js';
import { anyBuiltinModel, restoreModelXml } from '../queries/models.queries.js';
import { definitionsOf } from '../read.service.js';
import { answerInvalid, input, P, skippedIn } from './shared.js';

/** 模型管理: the generic model entity routes plus validate, deploy, download and restore-builtin. */

interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  modelEditorXml: string;
  builtinKey: string;
  version: number;
}

/** The tenant part of a definition key: the platform's models deploy as common definitions (`''`). */
const definitionTenant = (tenantId: unknown) => (tenantId === PLATFORM_TENANT_ID ? '' : String(tenantId));

export function registerModelRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCrud(app, deps, flowModelEntity, {
    table: 'flowModel',
    computed: ['builtinChanged', 'deployedVersion'],
    // Whether a built-in model's XML differs from the shipped file, and the newest version deployed from it.
    toRecord: async (records, db) => {
      const versionOf = await deployedVersions(
        db,
        [...new Set(records.map((r) => String(r.modelKey)))],
        [...new Set(['', ...records.map((r) => definitionTenant(r.tenantId))])],
      );
      return records.map((r) => {
        const shipped = r.builtinKey ? builtinOf(String(r.builtinKey)) : undefined;
        return {
          ...r,
          builtinChanged: shipped && xmlHash(String(r.modelEditorXml)) !== shipped.hash ? 1 : 0,
          // A tenant's copy of a built-in runs as the common definition until the tenant deploys its own.
          deployedVersion:
            versionOf.get(`${definitionTenant(r.tenantId)}/${r.modelKey}`) ??
            (r.builtinKey ? versionOf.get(`/${r.modelKey}`) : undefined) ??
            0,
        };
      });
    },
    hooks: {
      // A model saves only when its XML validates; every save is the next version.
      beforeSave: [
        async ({ id, values, rows }) => {
          const parsed = await parseModel(String(values.modelEditorXml), String(values.modelKey));
          if (!parsed.meta) throw new FlowModelInvalidError(parsed.validation);
          if (id) {
            const current = await rows()
              .select(['flowModel.version'])
              .where('flowModel.id', '=', id)
              .executeTakeFirst();
            values.version = Number((current as { version?: number } | undefined)?.version ?? 0) + 1;
          } else values.version = 1;
        },
      ],
      // A built-in model is the one `restore-builtin` restores and the seed keeps current: it stays, whatever is
      // edited in it (removing it would leave nothing to restore the shipped process onto).
      afterRemove: [
        async ({ trx, ids }) => {
          if (await anyBuiltinModel(trx, ids)) throw new BizError(FlowMessage.builtinRemove);
        },
      ],
    },
    routes: (inner, kit) => registerModelActions(inner, deps, kit),
  });
}

function registerModelActions(inner: FastifyInstance, deps: AppDeps, kit: CrudKit): void {
  const handle = deps.db;
  const modelApi = inner.withTypeProvider<ZodTypeProvider>();
  /** A model the caller may read (the entity's own row rules), or 404. */
  const findModel = async (ctx: RequestContext, id: string, db: Executor = handle.db): Promise<ModelRow> => {
    const row = await (await kit.readRows(db, ctx))
      .selectAll('flowModel')
      .where('flowModel.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(FlowMessage.modelMissing);
    return row as ModelRow;
  };

  modelApi.post(
    `${kit.prefix}/validate`,
    {
      config: { access: access.permission(P.model) },
      schema: { body: flowValidateInput, response: { 200: rSchema(flowValidationSchema) } },
    },
    async (request) => {
      const { modelKey, modelEditorXml } = request.body;
      return ok((await parseModel(modelEditorXml, modelKey || undefined)).validation);
    },
  );

  modelApi.post(
    `${kit.prefix}/deploy`,
    {
      config: { access: access.permission(P.modelDeploy) },
      schema: { response: { 200: rSchema(flowDeployResultSchema) } },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const body = parseOrRefuse(flowModelDeployInput, input(request));
      try {
        const ids = await handle.db.transaction().execute(async (trx) => {
          const model = await findModel(ctx, body.modelId, trx);
          return deploy(trx, ctx, {
            xml: model.modelEditorXml,
            expectedKey: model.modelKey,
            category: body.category,
            tenantIds: body.tenantIds,
            modelId: String(model.id),
            source: 'model',
            name: model.name,
            description: model.description,
          });
        });
        recordOperation(deps.audit, request, {
          module: 'flow_model',
          action: 'deploy',
          ids: [body.modelId],
          after: { category: body.category, tenantIds: body.tenantIds },
          detail: { definitionIds: ids },
        });
        return ok({ definitions: await definitionsOf(deps.datasources, ctx, ids, skippedIn(request)) });
      } catch (error) {
        return answerInvalid(reply, error);
      }
    },
  );

  modelApi.get(
    `${kit.prefix}/download`,
    {
      config: { access: access.download(access.permission(P.modelDownload)) },
      schema: { querystring: z.object({ id: idSchema }).loose() },
    },
    async (request, reply) => {
      const model = await findModel(contextOf(request), request.query.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${model.modelKey}.bpmn20.xml"`)
        .send(model.modelEditorXml);
    },
  );

  modelApi.post(
    `${kit.prefix}/restore-builtin`,
    {
      config: { access: access.permission(P.modelRestore) },
      schema: { response: { 200: rSchema(flowModelEntity.record) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id } = parseOrRefuse(z.object({ id: idSchema }), input(request));
      const model = await findModel(ctx, id);
      const shipped = model.builtinKey ? builtinOf(model.builtinKey) : undefined;
      if (!shipped) throw new BizError(FlowMessage.notBuiltin);
      await restoreModelXml(handle.db, ctx.tenantId, id, shipped, model.version + 1, ctx);
      const [shown] = await kit.present([(await findModel(ctx, id)) as unknown as Record<string, unknown>]);
      return ok(flowModelEntity.record.parse(shown));
    },
  );
}
