import {
  FLOW_FOLLOW_API,
  FLOW_MANAGER_API,
  FLOW_OUTCOME_LABELS,
  FLOW_PERMISSIONS,
  FLOW_PROCESS_API,
  FLOW_WORK_API,
  FlowMessage,
  flowChangeStateInput,
  flowCompleteInput,
  flowCompleteResultSchema,
  flowDefinitionListQuery,
  flowDefinitionSchema,
  flowDeleteDeploymentInput,
  flowDeployResultSchema,
  flowDeployTargetInput,
  flowDiagramQuery,
  flowDiagramSchema,
  flowFollowListQuery,
  flowHistoryEntrySchema,
  flowInstanceDetailSchema,
  flowInstanceQuery,
  flowInstanceSchema,
  flowModelDeployInput,
  flowModelEntity,
  flowStartInput,
  flowStartListQuery,
  flowStartResultSchema,
  flowTaskDetailSchema,
  flowTaskIdInput,
  flowTaskListQuery,
  flowTaskSchema,
  flowTerminateInput,
  flowUserOptionSchema,
  flowUserQuery,
  flowValidateInput,
  flowValidationSchema,
  flowWorkCountSchema,
  PLATFORM_TENANT_ID,
  pageSchema,
} from '@cube/contract';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, grantsOf } from '../../platform/access.js';
import { isPlatformAdmin, type RequestContext } from '../../platform/context.js';
import { idSchema, parseOrRefuse, registerCrud } from '../../platform/crud/index.js';
import { applyDataScope } from '../../platform/data-scope.js';
import { now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { fail, ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { BizError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { TenantData } from '../../platform/tenant-data.js';
import { parseModel } from './bpmn.js';
import { builtinOf, builtinProcesses, xmlHash } from './builtin.js';
import {
  definitionList,
  diagramOf,
  followList,
  historyOf,
  presentDefinitions,
  presentInstances,
  presentTasks,
  readableInstance,
  sendList,
  startList,
  taskList,
  workCount,
} from './queries.js';
import { completeTaskCommand, type Executor, metaOf, parseVars } from './runtime.js';
import {
  actorOf,
  changeState,
  claim,
  deleteDeployments,
  deploy,
  FlowModelInvalidError,
  isCandidate,
  start,
  terminate,
  unclaim,
  visibleDefinition,
} from './service.js';
import { registerTimerJob } from './timers.js';

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const P = FLOW_PERMISSIONS;

/** Body fields may come as JSON or as a form/query (BladeX clients send both). */
const input = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return {
    ...(request.query as Record<string, unknown>),
    ...(body && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
  };
};

/** A model that does not validate answers 400 with every problem in `data.errors`. */
function answerInvalid(reply: FastifyReply, error: unknown) {
  if (error instanceof FlowModelInvalidError)
    return reply.code(400).send({ ...fail(400, error.message), data: { errors: error.validation.errors } });
  throw error;
}

/** The tenant a platform administrator names (`tenantId`), or the caller's own; anyone else naming another: 403. */
function tenantOf(ctx: RequestContext, requested: string | undefined): string {
  if (!requested || requested === ctx.tenantId) return ctx.tenantId;
  if (!isPlatformAdmin(ctx)) throw new ForbiddenError();
  return requested;
}

/**
 * The workflow module (issue 11): process models and the designer's calls, deployed definitions, running-instance
 * administration, my work and the business pages' calls, under `/api/cube-flow/`. The contract's flow-*.ts files
 * list every endpoint with its permission and schemas.
 */
export const flowModule = defineModule('flow', (app: FastifyInstance, deps: AppDeps): void => {
  const handle = deps.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // ---- models ----------------------------------------------------------------------------------------------
  const models = registerCrud(app, deps, flowModelEntity, {
    table: 'flowModel',
    computed: ['builtinChanged', 'deployedVersion'],
    toRecord: async (records, db) => {
      const keys = [...new Set(records.map((r) => String(r.modelKey)))];
      const tenants = [
        ...new Set(records.map((r) => (r.tenantId === PLATFORM_TENANT_ID ? '' : String(r.tenantId)))),
      ];
      const versions =
        keys.length > 0
          ? await db
              .selectFrom('flowDefinition')
              .select((eb) => ['tenantId', 'processKey', eb.fn.max('version').as('version')])
              .where('processKey', 'in', keys)
              .where('tenantId', 'in', tenants)
              .where('isDeleted', '=', 0)
              .groupBy(['tenantId', 'processKey'])
              .execute()
          : [];
      const versionOf = new Map(versions.map((v) => [`${v.tenantId}/${v.processKey}`, Number(v.version)]));
      return records.map((r) => {
        const shipped = r.builtinKey ? builtinOf(String(r.builtinKey)) : undefined;
        const tenant = r.tenantId === PLATFORM_TENANT_ID ? '' : String(r.tenantId);
        return {
          ...r,
          builtinChanged: shipped && xmlHash(String(r.modelEditorXml)) !== shipped.hash ? 1 : 0,
          deployedVersion: versionOf.get(`${tenant}/${r.modelKey}`) ?? 0,
        };
      });
    },
    beforeSave: async ({ id, values, rows }) => {
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
    // A built-in model is the one `restore-builtin` restores and the seed keeps current: it stays, whatever is
    // edited in it (removing it would leave nothing to restore the shipped process onto).
    afterRemove: async ({ trx, ids }) => {
      const builtin = await trx
        .selectFrom('flowModel')
        .select('id')
        .where('id', 'in', ids)
        .where('builtinKey', '!=', '')
        .executeTakeFirst();
      if (builtin) throw new BizError(FlowMessage.builtinRemove);
    },
    routes: (inner, kit) => {
      const modelApi = inner.withTypeProvider<ZodTypeProvider>();
      const findModel = async (ctx: RequestContext, id: string, db: Executor = handle.db) => {
        const row = await (await kit.readRows(db, ctx))
          .selectAll('flowModel')
          .where('flowModel.id', '=', id)
          .executeTakeFirst();
        if (!row) throw new NotFoundError(FlowMessage.modelMissing);
        return row as {
          id: string;
          modelKey: string;
          name: string;
          description: string;
          modelEditorXml: string;
          builtinKey: string;
          version: number;
        };
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
            return ok({ definitions: await definitionsOf(ctx, ids) });
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
          await new TenantData(handle.db, ctx.tenantId)
            .updateTable('flowModel')
            .set({
              modelKey: shipped.key,
              modelEditorXml: shipped.xml,
              builtinHash: shipped.hash,
              version: model.version + 1,
              updateUser: ctx.userId,
              updateTime: now(),
            })
            .where('id', '=', id)
            .execute();
          const row = await (await kit.readRows(handle.db, ctx))
            .selectAll('flowModel')
            .where('flowModel.id', '=', id)
            .executeTakeFirst();
          const [shown] = await kit.present([row as Record<string, unknown>]);
          return ok(flowModelEntity.record.parse(shown));
        },
      );
    },
  });
  void models;

  const definitionsOf = async (ctx: RequestContext, ids: string[]) => {
    if (ids.length === 0) return [];
    const rows = await handle.db
      .selectFrom('flowDefinition')
      .select([
        'id',
        'deploymentId',
        'tenantId',
        'processKey',
        'name',
        'description',
        'version',
        'category',
        'suspended',
        'modelId',
        'source',
        'createTime',
        'createUser',
      ])
      .where('id', 'in', ids)
      .execute();
    return presentDefinitions(handle.db, ctx, rows as never);
  };

  // ---- manager (definitions) ---------------------------------------------------------------------------------
  api.get(
    `${FLOW_MANAGER_API}/list`,
    {
      config: { access: access.permission(P.manager) },
      schema: {
        querystring: flowDefinitionListQuery,
        response: { 200: rSchema(pageSchema(flowDefinitionSchema)) },
      },
    },
    async (request) => ok(await definitionList(handle, contextOf(request), request.query)),
  );

  api.get(
    `${FLOW_MANAGER_API}/detail`,
    {
      config: { access: access.permission(P.manager) },
      schema: {
        querystring: z.object({ processDefinitionId: idSchema }),
        response: { 200: rSchema(flowDefinitionSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const found = isPlatformAdmin(ctx)
        ? await handle.db
            .selectFrom('flowDefinition')
            .select('id')
            .where('id', '=', request.query.processDefinitionId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        : await visibleDefinition(handle.db, ctx.tenantId, request.query.processDefinitionId);
      if (!found) throw new NotFoundError(FlowMessage.definitionMissing);
      const [definition] = await definitionsOf(ctx, [String(found.id)]);
      return ok(definition as z.infer<typeof flowDefinitionSchema>);
    },
  );

  api.post(
    `${FLOW_MANAGER_API}/change-state`,
    { config: { access: access.permission(P.managerState) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const body = parseOrRefuse(flowChangeStateInput, input(request));
      await changeState(handle, contextOf(request), body.processId, body.state);
      return ok({});
    },
  );

  api.post(
    `${FLOW_MANAGER_API}/delete-deployment`,
    { config: { access: access.permission(P.managerRemove) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const body = parseOrRefuse(flowDeleteDeploymentInput, input(request));
      const ids = parseOrRefuse(
        z.array(idSchema).min(1, FlowMessage.definitionMissing),
        body.deploymentIds
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      await deleteDeployments(handle, contextOf(request), [...new Set(ids)], body.force === true);
      return ok({});
    },
  );

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 5,
        fields: 10,
        fieldSize: 4096,
        parts: 15,
        headerPairs: 100,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${FLOW_MANAGER_API}/deploy-upload`,
      {
        config: { access: access.permission(P.deploy) },
        schema: { response: { 200: rSchema(flowDeployResultSchema) } },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        if (!request.isMultipart()) throw new BizError(FlowMessage.fileRequired);
        const files: Array<{ name: string; xml: string }> = [];
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const file = part as MultipartFile;
              const name = file.filename ?? '';
              const content = await file.toBuffer();
              if (!/\.(bpmn|bpmn20\.xml|xml)$/i.test(name)) throw new BizError(FlowMessage.fileInvalid);
              if (content.length === 0) throw new BizError(FlowMessage.fileRequired);
              files.push({ name, xml: content.toString('utf8') });
            } else fields[part.fieldname] = String((part as { value?: unknown }).value ?? '');
          }
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError)
            throw new BizError(FlowMessage.fileTooLarge);
          throw error;
        }
        if (files.length === 0) throw new BizError(FlowMessage.fileRequired);
        const target = parseOrRefuse(flowDeployTargetInput, fields);
        try {
          const ids = await handle.db.transaction().execute(async (trx) => {
            const all: string[] = [];
            for (const file of files)
              all.push(
                ...(await deploy(trx, ctx, {
                  xml: file.xml,
                  category: target.category,
                  tenantIds: target.tenantIds,
                  modelId: null,
                  source: 'upload',
                  name: file.name.replace(/\.(bpmn20\.xml|bpmn|xml)$/i, ''),
                })),
              );
            return all;
          });
          return ok({ definitions: await definitionsOf(ctx, ids) });
        } catch (error) {
          return answerInvalid(reply, error);
        }
      },
    );
  });

  // ---- follow (running instances) -----------------------------------------------------------------------------
  api.get(
    `${FLOW_FOLLOW_API}/list`,
    {
      config: { access: access.permission(P.follow) },
      schema: {
        querystring: flowFollowListQuery,
        response: { 200: rSchema(pageSchema(flowInstanceSchema)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const tenantId = tenantOf(ctx, request.query.tenantId);
      return ok(
        await followList(handle, tenantId, request.query, async (qb) => {
          if (tenantId !== ctx.tenantId || ctx.roleIds.length === 0) return qb;
          const grants = grantsOf(ctx) ?? (await deps.sessions.roleGrants(ctx.tenantId, ctx.roleIds));
          return applyDataScope(qb, ctx, grants.dataScopes.get(P.follow), {
            table: 'flowInstance',
            tenantId,
            columns: { dept: 'createDept', creator: 'createUser' },
            filters: { category: 'string', processKey: 'string', title: 'string', createTime: 'date' },
          });
        }),
      );
    },
  );

  api.post(
    `${FLOW_FOLLOW_API}/delete-process-instance`,
    { config: { access: access.permission(P.followDelete) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const raw = input(request);
      const body = parseOrRefuse(flowTerminateInput, raw);
      const tenantId = tenantOf(ctx, typeof raw.tenantId === 'string' ? raw.tenantId : undefined);
      if (!/^[1-9]\d{0,18}$/.test(body.processInstanceId))
        throw new NotFoundError(FlowMessage.instanceMissing);
      await terminate(handle, ctx, tenantId, body.processInstanceId, body.deleteReason);
      return ok({});
    },
  );

  // ---- my work ------------------------------------------------------------------------------------------------
  api.get(
    `${FLOW_WORK_API}/start-list`,
    {
      config: { access: access.permission(P.start) },
      schema: {
        querystring: flowStartListQuery,
        response: { 200: rSchema(pageSchema(flowDefinitionSchema)) },
      },
    },
    async (request) => ok(await startList(handle, contextOf(request), request.query)),
  );

  for (const [kind, code] of [
    ['claim', P.claim],
    ['todo', P.todo],
    ['done', P.done],
  ] as const) {
    api.get(
      `${FLOW_WORK_API}/${kind}-list`,
      {
        config: { access: access.permission(code) },
        schema: { querystring: flowTaskListQuery, response: { 200: rSchema(pageSchema(flowTaskSchema)) } },
      },
      async (request) => ok(await taskList(handle, contextOf(request), kind, request.query)),
    );
  }

  api.get(
    `${FLOW_WORK_API}/send-list`,
    {
      config: { access: access.permission(P.send) },
      schema: { querystring: flowTaskListQuery, response: { 200: rSchema(pageSchema(flowInstanceSchema)) } },
    },
    async (request) => ok(await sendList(handle, contextOf(request), request.query)),
  );

  api.get(
    `${FLOW_WORK_API}/count`,
    { config: { access: access.authenticated }, schema: { response: { 200: rSchema(flowWorkCountSchema) } } },
    async (request) => ok(await workCount(handle, contextOf(request))),
  );

  api.post(
    `${FLOW_WORK_API}/claim-task`,
    { config: { access: access.permission(P.claimSign) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const { taskId } = parseOrRefuse(flowTaskIdInput, input(request));
      await claim(handle, contextOf(request), taskId);
      return ok({});
    },
  );

  api.post(
    `${FLOW_WORK_API}/unclaim-task`,
    { config: { access: access.permission(P.todoHandle) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const { taskId } = parseOrRefuse(flowTaskIdInput, input(request));
      await unclaim(handle, contextOf(request), taskId);
      return ok({});
    },
  );

  api.post(
    `${FLOW_WORK_API}/complete-task`,
    {
      config: { access: access.permission(P.todoHandle) },
      schema: { body: flowCompleteInput, response: { 200: rSchema(flowCompleteResultSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const result = await completeTaskCommand(
        handle,
        actorOf(ctx),
        body.taskId,
        body.flag,
        body.comment,
        body.variables ?? {},
        body.processInstanceId,
      );
      return ok({
        processInstanceId: result.instanceId,
        processIsFinished: result.ended,
        currentActivityNames: result.currentNames,
      });
    },
  );

  api.get(
    `${FLOW_WORK_API}/task-detail`,
    {
      config: { access: access.authenticated },
      schema: { querystring: flowTaskIdInput, response: { 200: rSchema(flowTaskDetailSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const row = await new TenantData(handle.db, ctx.tenantId)
        .selectFrom('flowTask')
        .innerJoin('flowInstance', 'flowInstance.id', 'flowTask.instanceId')
        .select([
          'flowTask.id as taskId',
          'flowTask.name as taskName',
          'flowTask.activityId',
          'flowTask.taskStatus',
          'flowTask.instanceId',
          'flowTask.definitionId',
          'flowTask.assigneeUserId',
          'flowTask.candidateGroups',
          'flowTask.createTime as taskCreateTime',
          'flowTask.claimTime',
          'flowTask.endTime as taskEndTime',
          'flowTask.dueTime',
          'flowTask.outcome',
          'flowTask.comment',
          'flowTask.formKey',
          'flowTask.completedBy',
          'flowInstance.processKey',
          'flowInstance.category',
          'flowInstance.businessTable',
          'flowInstance.businessId',
          'flowInstance.title',
          'flowInstance.createUser as starter',
          'flowInstance.flowStatus',
        ])
        .where('flowTask.id', '=', request.query.taskId)
        .where('flowInstance.tenantId', '=', ctx.tenantId)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(FlowMessage.taskMissing);
      const mine =
        String(row.assigneeUserId ?? '') === ctx.userId || String(row.completedBy ?? '') === ctx.userId;
      const candidate =
        row.taskStatus === 'open' &&
        row.assigneeUserId === null &&
        (await isCandidate(handle.db, ctx, String(row.taskId)));
      if (!mine && !candidate) {
        // Others may still read it when they may read the instance (starter, follow permission, administrators).
        await readableInstance(handle, ctx, String(row.instanceId));
      }
      const [task] = await presentTasks(handle.db, ctx.tenantId, [row as Record<string, unknown>]);
      const definition = await handle.db
        .selectFrom('flowDefinition')
        .select(['id', 'meta'])
        .where('id', '=', String(row.definitionId))
        .executeTakeFirst();
      const outcomes = definition
        ? (metaOf({ id: String(definition.id), meta: definition.meta }).userTasks[row.activityId]
            ?.outcomes ?? ['approve'])
        : ['approve' as const];
      const { activityTaskStatus, ...rest } = task as NonNullable<typeof task>;
      const running = row.flowStatus === 'running' && activityTaskStatus === 'open';
      return ok({
        ...rest,
        outcomes: outcomes.map((flag) => ({ flag, label: FLOW_OUTCOME_LABELS[flag] })),
        canComplete: running && String(row.assigneeUserId ?? '') === ctx.userId,
        canClaim: running && candidate,
      });
    },
  );

  api.get(
    `${FLOW_WORK_API}/users`,
    {
      config: { access: access.permission(P.start) },
      schema: { querystring: flowUserQuery, response: { 200: rSchema(z.array(flowUserOptionSchema)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const data = new TenantData(handle.db, ctx.tenantId);
      let users = data
        .selectFrom('cubeUser')
        .select(['id', 'name', 'realName', 'account', 'roleId'])
        .where('status', '=', 1);
      if (request.query.name) {
        const like = `%${request.query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        users = users.where((eb) =>
          eb.or([eb('realName', 'like', like), eb('name', 'like', like), eb('account', 'like', like)]),
        );
      }
      let rows = await users.orderBy('id').limit(500).execute();
      if (request.query.roleAlias) {
        const roles = await data
          .selectFrom('cubeRole')
          .select('id')
          .where('roleAlias', '=', request.query.roleAlias)
          .execute();
        const roleIds = new Set(roles.map((r) => String(r.id)));
        rows = rows.filter((u) => u.roleId.split(',').some((id) => roleIds.has(id.trim())));
      }
      return ok(
        rows.map((u) => ({ id: String(u.id), name: u.name, realName: u.realName, account: u.account })),
      );
    },
  );

  // ---- process (start, detail, timeline, diagram) ------------------------------------------------------------
  api.post(
    `${FLOW_PROCESS_API}/start-process`,
    {
      config: { access: access.permission(P.startFlow) },
      schema: { body: flowStartInput, response: { 200: rSchema(flowStartResultSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      return ok(
        await start(handle, ctx, {
          processDefinitionId: body.processDefinitionId,
          ...(body.title ? { title: body.title } : {}),
          ...(body.applicationId ? { applicationId: body.applicationId } : {}),
          ...(body.application ? { application: body.application } : {}),
          ...(body.variables ? { variables: body.variables } : {}),
          ...(body.comment ? { comment: body.comment } : {}),
        }),
      );
    },
  );

  api.get(
    `${FLOW_PROCESS_API}/detail`,
    {
      config: { access: access.authenticated },
      schema: { querystring: flowInstanceQuery, response: { 200: rSchema(flowInstanceDetailSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const instance = await readableInstance(handle, ctx, request.query.processInstanceId);
      const [shown] = await presentInstances(handle.db, ctx.tenantId, [
        instance as unknown as Record<string, unknown>,
      ]);
      const taskRows = await new TenantData(handle.db, ctx.tenantId)
        .selectFrom('flowTask')
        .innerJoin('flowInstance', 'flowInstance.id', 'flowTask.instanceId')
        .select([
          'flowTask.id as taskId',
          'flowTask.name as taskName',
          'flowTask.activityId',
          'flowTask.taskStatus',
          'flowTask.instanceId',
          'flowTask.definitionId',
          'flowTask.assigneeUserId',
          'flowTask.candidateGroups',
          'flowTask.createTime as taskCreateTime',
          'flowTask.claimTime',
          'flowTask.endTime as taskEndTime',
          'flowTask.dueTime',
          'flowTask.outcome',
          'flowTask.comment',
          'flowTask.formKey',
          'flowInstance.processKey',
          'flowInstance.category',
          'flowInstance.businessTable',
          'flowInstance.businessId',
          'flowInstance.title',
          'flowInstance.createUser as starter',
          'flowInstance.flowStatus',
        ])
        .where('flowTask.instanceId', '=', instance.id)
        .where('flowTask.taskStatus', '=', 'open')
        .where('flowInstance.tenantId', '=', ctx.tenantId)
        .execute();
      const tasks = (
        await presentTasks(handle.db, ctx.tenantId, taskRows as Array<Record<string, unknown>>)
      ).map(({ formKey: _f, activityTaskStatus: _s, ...t }) => t);
      const mine = tasks.find((t) => t.assignee === ctx.userId);
      const variables = Object.fromEntries(
        Object.entries(parseVars(instance.variables)).filter(
          ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
        ),
      );
      return ok({ ...(shown as NonNullable<typeof shown>), variables, tasks, myTaskId: mine?.taskId ?? '' });
    },
  );

  api.get(
    `${FLOW_PROCESS_API}/history-flow-list`,
    {
      config: { access: access.authenticated },
      schema: { querystring: flowInstanceQuery, response: { 200: rSchema(z.array(flowHistoryEntrySchema)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const instance = await readableInstance(handle, ctx, request.query.processInstanceId);
      return ok(await historyOf(handle, ctx, String(instance.id)));
    },
  );

  api.get(
    `${FLOW_PROCESS_API}/model-view`,
    {
      config: { access: access.authenticated },
      schema: { querystring: flowDiagramQuery, response: { 200: rSchema(flowDiagramSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { processInstanceId, processDefinitionId } = request.query;
      if (processInstanceId) {
        const instance = await readableInstance(handle, ctx, processInstanceId);
        return ok(
          await diagramOf(handle, ctx, {
            id: String(instance.id),
            definitionId: String(instance.definitionId),
          }),
        );
      }
      const definition = isPlatformAdmin(ctx)
        ? await handle.db
            .selectFrom('flowDefinition')
            .selectAll()
            .where('id', '=', String(processDefinitionId))
            .executeTakeFirst()
        : await visibleDefinition(handle.db, ctx.tenantId, String(processDefinitionId));
      if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
      return ok({
        processDefinitionId: String(definition.id),
        xml: definition.bpmnXml,
        activeIds: [],
        completedIds: [],
        flowIds: [],
      });
    },
  );

  registerTimerJob(app, deps);
  void builtinProcesses;
});
