import { z } from 'zod';
import { FLOW_API, FLOW_CATEGORY_PATTERN, FlowMessage } from './flow-common.js';

/**
 * Deployed process definitions (流程管理 `/flow/manager`, 流程部署 `/flow/deploy`) and running-instance
 * administration (流程跟踪 `/flow/follow`). Endpoints (all answers in the `R` envelope):
 *
 * | call | permission | body / query | `data` |
 * | --- | --- | --- | --- |
 * | `GET /api/cube-flow/manager/list` | `flow_manager` | {@link flowDefinitionListQuery} | `IPage<FlowDefinition>` |
 * | `GET /api/cube-flow/manager/detail` | `flow_manager` | `processDefinitionId` | {@link FlowDefinition} |
 * | `POST /api/cube-flow/manager/change-state` | `flow_manager_state` | {@link flowChangeStateInput} | `{}` |
 * | `POST /api/cube-flow/manager/delete-deployment` | `flow_manager_remove` | {@link flowDeleteDeploymentInput} | `{}` |
 * | `POST /api/cube-flow/manager/deploy-upload` | `flow_deploy` | multipart: `file` (one or more `.bpmn`/`.bpmn20.xml`), `category`, `tenantIds` | {@link FlowDeployResult} |
 * | `GET /api/cube-flow/follow/list` | `flow_follow` | {@link flowFollowListQuery} | `IPage<FlowInstance>` (flow-work.ts) |
 * | `POST /api/cube-flow/follow/delete-process-instance` | `flow_follow_delete` | {@link flowTerminateInput} | `{}` |
 *
 * Common definitions (`tenantId` `''`, mode 1) are deployed by the platform administrator and every tenant may
 * start them; custom definitions (mode 2) belong to one tenant and override a common one of the same key. A
 * tenant's administrator sees common definitions read-only and manages only their own tenant's.
 */
export const FLOW_MANAGER_API = `${FLOW_API}/manager`;
export const FLOW_FOLLOW_API = `${FLOW_API}/follow`;

/** One deployed definition (one version of one process key, common or for one tenant). */
export const flowDefinitionSchema = z.object({
  /** processDefinitionId. */
  id: z.string(),
  /** Equal to `id` (one deployment per definition); kept for BladeX's `deploymentIds`. */
  deploymentId: z.string(),
  /** `''` for a common definition. */
  tenantId: z.string(),
  /** 1 common, 2 custom. */
  mode: z.number(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number(),
  category: z.string(),
  /** The `flow` dictionary's label of the category (`''` when the dictionary has no such key). */
  categoryName: z.string(),
  /** 1 active, 2 suspended. */
  suspensionState: z.number(),
  /** The model it was deployed from (`''` for an upload). */
  modelId: z.string(),
  /** `model`, `upload` or `builtin`. */
  source: z.string(),
  deployTime: z.string(),
  deployUser: z.string(),
  deployUserName: z.string(),
  /** Running instances on this definition. */
  runningCount: z.number(),
});
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;

const page = {
  current: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(200).optional(),
};
const blank = (v: unknown) => (v === null || v === '' ? undefined : v);
const optionalCategory = z.preprocess(
  blank,
  z.string().regex(FLOW_CATEGORY_PATTERN, FlowMessage.categoryInvalid).optional(),
);

export const flowDefinitionListQuery = z.object({
  ...page,
  category: optionalCategory,
  /** 1 common only, 2 custom only; absent: both. */
  mode: z.preprocess(blank, z.coerce.number().int().min(1).max(2).optional()),
  processDefinitionKey: z.preprocess(blank, z.string().max(64).optional()),
  name: z.preprocess(blank, z.string().max(100).optional()),
  /** `true`: only the newest version of each key (per tenant); default all versions, newest first. */
  latest: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).optional(),
});

export const flowChangeStateInput = z.object({
  processId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: FlowMessage.definitionMissing }).min(1, FlowMessage.definitionMissing),
  ),
  state: z.enum(['active', 'suspend'], { error: FlowMessage.stateInvalid }),
});

export const flowDeleteDeploymentInput = z.object({
  /** Comma list of deployment (= definition) ids. */
  deploymentIds: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
    z.string({ error: FlowMessage.definitionMissing }).min(1, FlowMessage.definitionMissing),
  ),
  /** Also terminate running instances (otherwise a definition with running instances is refused). */
  force: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).optional(),
});

/** Where a deploy goes: `tenantIds` empty = common (platform administrator only), else one copy per tenant. */
export const flowDeployTargetInput = z.object({
  category: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: FlowMessage.categoryRequired })
      .min(1, FlowMessage.categoryRequired)
      .regex(FLOW_CATEGORY_PATTERN, FlowMessage.categoryInvalid),
  ),
  /** Comma list (or array) of 6-digit tenant ids; empty = common. */
  tenantIds: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : v),
    z.string().max(2000),
  ),
});

export const flowDeployResultSchema = z.object({ definitions: z.array(flowDefinitionSchema) });
export type FlowDeployResult = z.infer<typeof flowDeployResultSchema>;

export const flowFollowListQuery = z.object({
  ...page,
  processInstanceId: z.preprocess(blank, z.string().max(20).optional()),
  processDefinitionKey: z.preprocess(blank, z.string().max(64).optional()),
  category: optionalCategory,
  /** Default `running` (running + suspended); `all` lists every instance. */
  status: z.preprocess(blank, z.enum(['running', 'suspended', 'completed', 'terminated', 'all']).optional()),
  title: z.preprocess(blank, z.string().max(200).optional()),
  /** Platform administrator only: another tenant's instances. */
  tenantId: z.preprocess(blank, z.string().max(12).optional()),
});

export const flowTerminateInput = z.object({
  processInstanceId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: FlowMessage.instanceMissing }).min(1, FlowMessage.instanceMissing),
  ),
  deleteReason: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: FlowMessage.deleteReasonRequired })
      .trim()
      .min(1, FlowMessage.deleteReasonRequired)
      .max(500, FlowMessage.deleteReasonRequired),
  ),
});
