import {
  FLOW_PROCESS_API,
  FLOW_WORK_API,
  flowDefinitionSchema,
  flowHistoryEntrySchema,
  flowInstanceDetailSchema,
  flowInstanceQuery,
  flowStartInput,
  flowStartListQuery,
  flowStartResultSchema,
  flowUserOptionSchema,
  flowUserQuery,
  pageSchema,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { start } from '../instances.service.js';
import { handlerChoices, historyOf, instanceDetail, readableInstance, startList } from '../read.service.js';
import { P } from './shared.js';

/**
 * Starting a process and reading one: what the caller may start, the users a start form may name as handler,
 * starting (optionally with the patent case it runs on), an instance's detail and its timeline.
 */

export function registerProcessRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Instances and tasks live with their tenant's business data (platform/tenant-databases.ts): the routed handle.
  const handle = deps.datasources.routed;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${FLOW_WORK_API}/start-list`,
    {
      config: { access: access.permission(P.start) },
      schema: {
        querystring: flowStartListQuery,
        response: { 200: rSchema(pageSchema(flowDefinitionSchema)) },
      },
    },
    async (request) => ok(await startList(deps.datasources, contextOf(request), request.query)),
  );

  api.get(
    `${FLOW_WORK_API}/users`,
    {
      config: { access: access.permission(P.start) },
      schema: { querystring: flowUserQuery, response: { 200: rSchema(z.array(flowUserOptionSchema)) } },
    },
    async (request) => ok(await handlerChoices(handle, contextOf(request), request.query)),
  );

  api.post(
    `${FLOW_PROCESS_API}/start-process`,
    {
      config: { access: access.permission(P.startFlow) },
      schema: { body: flowStartInput, response: { 200: rSchema(flowStartResultSchema) } },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await start(handle, contextOf(request), {
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
    async (request) => ok(await instanceDetail(handle, contextOf(request), request.query.processInstanceId)),
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
}
