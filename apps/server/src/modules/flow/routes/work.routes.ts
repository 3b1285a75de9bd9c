import {
  FLOW_WORK_API,
  flowCompleteInput,
  flowCompleteResultSchema,
  flowInstanceSchema,
  flowTaskDetailSchema,
  flowTaskIdInput,
  flowTaskListQuery,
  flowTaskSchema,
  flowWorkCountSchema,
  pageSchema,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, contextOf } from '../../../platform/access.js';
import { parseOrRefuse } from '../../../platform/crud/index.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { sendList, taskDetail, taskList, workCount } from '../read.service.js';
import { actorOf, completeTaskCommand } from '../runtime.js';
import { claim, unclaim } from '../tasks.service.js';
import { input, P } from './shared.js';

/** 我的事务: the 待签/待办/已办/已发 lists and counts, claiming, giving back and completing a task, a task's detail. */

export function registerWorkRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Instances and tasks live with their tenant's business data (platform/tenant-databases.ts): the routed handle.
  const handle = deps.datasources.routed;
  const api = app.withTypeProvider<ZodTypeProvider>();

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
      const body = request.body;
      const result = await completeTaskCommand(
        handle,
        actorOf(contextOf(request)),
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
    async (request) => ok(await taskDetail(handle, contextOf(request), request.query.taskId)),
  );
}
