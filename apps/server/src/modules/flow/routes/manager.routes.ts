import {
  FLOW_MANAGER_API,
  FlowMessage,
  flowChangeStateInput,
  flowDefinitionListQuery,
  flowDefinitionSchema,
  flowDeleteDeploymentInput,
  flowDeployResultSchema,
  flowDeployTargetInput,
  pageSchema,
} from '@cube/contract';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { idSchema, parseOrRefuse } from '../../../platform/crud/index.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { BizError } from '../../../platform/errors.js';
import { changeState, deleteDeployments, deploy } from '../definitions.service.js';
import { definitionList, definitionsOf, managedDefinition } from '../read.service.js';
import { answerInvalid, input, P, skippedIn } from './shared.js';

/** 流程管理 (deployed definitions): the list, one definition, suspend/activate, delete, and deploying uploaded files. */

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export function registerManagerRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Definitions stay on the master; the running instances they count, suspend or terminate live with their
  // tenant's business data (platform/tenant-databases.ts): reads and the state commands go through the routed
  // handle — and, for the platform administrator, through every tenant database — while an upload's deploy
  // (definitions only) is a master transaction.
  const { datasources } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${FLOW_MANAGER_API}/list`,
    {
      config: { access: access.permission(P.manager) },
      schema: {
        querystring: flowDefinitionListQuery,
        response: { 200: rSchema(pageSchema(flowDefinitionSchema)) },
      },
    },
    async (request) =>
      ok(await definitionList(datasources, contextOf(request), request.query, skippedIn(request))),
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
    async (request) =>
      ok(
        await managedDefinition(
          datasources,
          contextOf(request),
          request.query.processDefinitionId,
          skippedIn(request),
        ),
      ),
  );

  api.post(
    `${FLOW_MANAGER_API}/change-state`,
    { config: { access: access.permission(P.managerState) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const body = parseOrRefuse(flowChangeStateInput, input(request));
      await changeState(datasources, contextOf(request), body.processId, body.state);
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
      await deleteDeployments(datasources, contextOf(request), [...new Set(ids)], body.force === true);
      return ok({});
    },
  );

  // Uploads are parsed in their own scope, so that only this route accepts multipart bodies.
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
          const ids = await deps.db.db.transaction().execute(async (trx) => {
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
          return ok({ definitions: await definitionsOf(datasources, ctx, ids, skippedIn(request)) });
        } catch (error) {
          return answerInvalid(reply, error);
        }
      },
    );
  });
}
