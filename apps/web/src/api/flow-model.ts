import {
  FLOW_FOLLOW_API,
  FLOW_MANAGER_API,
  type FlowDefinition,
  type FlowDeployResult,
  type FlowInstance,
  type FlowModel,
  type FlowValidation,
  type FlowValidationIssue,
  flowModelEntity,
  type IPage,
  type R,
  roleEntity,
} from '@cube/contract';
import { cleanQuery, createEntityApi, type ListQuery, type PagedCrudApi } from './crud';
import { downloadFile } from './download';
import { RequestError, request } from './request';

export type {
  FlowDefinition,
  FlowDeployResult,
  FlowInstance,
  FlowModel,
  FlowValidation,
  FlowValidationIssue,
};

/**
 * 流程管理 (`/api/cube-flow/model|manager|follow`, contract flow-model.ts and flow-manager.ts): models and the
 * designer's save, validate, deploy, download and restore; deployed definitions; running instances.
 *
 * Saves and deploys are called with `handlesErrors`: a model that does not validate answers 400 with every problem
 * in `data.errors`, which the designer pins to the elements instead of a toast with only the first one.
 */
const models = createEntityApi(flowModelEntity);

/** Where a deploy goes: the `flow_<key>` category and the tenants (none = common to every tenant). */
export interface FlowDeployTarget {
  category: string;
  tenantIds: readonly string[];
}

/** A refused save, validate or deploy: the server's message and the problems it listed. */
export class FlowRefusal extends Error {
  override readonly name = 'FlowRefusal';
  constructor(
    message: string,
    readonly issues: readonly FlowValidationIssue[],
  ) {
    super(message);
  }
}

function issuesOf(body: unknown): FlowValidationIssue[] {
  const data = (body as { data?: { errors?: unknown } } | undefined)?.data;
  const errors = data?.errors;
  return Array.isArray(errors) ? (errors as FlowValidationIssue[]) : [];
}

/** Turns an answered refusal into a {@link FlowRefusal}; anything else (network, 5xx) is rethrown as it is. */
async function refusable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'answer' && error.code < 500 && error.code !== 401)
      throw new FlowRefusal(error.message, issuesOf(error.body));
    throw error;
  }
}

export const flowModelApi = {
  ...models,
  /** Create (no `id`) or update; the answer is the model's id. Refusals reject with {@link FlowRefusal}. */
  save: (record: Record<string, unknown>) =>
    refusable(async () => {
      const { data } = await request.post<R<{ id: string }>>(`${flowModelEntity.api}/submit`, record, {
        handlesErrors: true,
      });
      return data.data;
    }),
  /** The server's check of a diagram without saving it (never a refusal for a bad model: `valid` says it). */
  validate: async (modelEditorXml: string, modelKey?: string): Promise<FlowValidation> => {
    const { data } = await request.post<R<FlowValidation>>(`${flowModelEntity.api}/validate`, {
      modelEditorXml,
      ...(modelKey ? { modelKey } : {}),
    });
    return data.data;
  },
  /** A new version of the model's process, common or one per tenant; refusals reject with {@link FlowRefusal}. */
  deploy: (modelId: string, target: FlowDeployTarget) =>
    refusable(async () => {
      const { data } = await request.post<R<FlowDeployResult>>(
        `${flowModelEntity.api}/deploy`,
        { modelId, category: target.category, tenantIds: target.tenantIds.join(',') },
        { handlesErrors: true },
      );
      return data.data;
    }),
  /** The shipped XML copied back over a built-in model (a new save, not a deploy). */
  restoreBuiltin: async (id: string): Promise<FlowModel> => {
    const { data } = await request.post<R<FlowModel>>(`${flowModelEntity.api}/restore-builtin`, null, {
      params: { id },
    });
    return data.data;
  },
  download: (model: Pick<FlowModel, 'id' | 'modelKey'>) =>
    downloadFile(`${flowModelEntity.api}/download`, { id: model.id }, `${model.modelKey}.bpmn`),
};

/** Uploaded `.bpmn` files deployed straight away (流程部署); refusals reject with {@link FlowRefusal}. */
export function deployUpload(files: readonly File[], target: FlowDeployTarget): Promise<FlowDeployResult> {
  return refusable(async () => {
    const form = new FormData();
    form.append('category', target.category);
    form.append('tenantIds', target.tenantIds.join(','));
    for (const file of files) form.append('file', file, file.name);
    const { data } = await request.post<R<FlowDeployResult>>(`${FLOW_MANAGER_API}/deploy-upload`, form, {
      handlesErrors: true,
    });
    return data.data;
  });
}

/**
 * Deployed definitions as the CRUD kit's list wants them: the key column filters as `processDefinitionKey`, and
 * 删除 is `delete-deployment` (one deployment per definition, so the ids are the same).
 */
export const flowDefinitionApi: PagedCrudApi<FlowDefinition> & {
  changeState: (processId: string, state: 'active' | 'suspend') => Promise<void>;
  removeForced: (ids: readonly string[]) => Promise<void>;
} = {
  list: async ({ key, ...query }: ListQuery) => {
    const { data } = await request.get<R<IPage<FlowDefinition>>>(`${FLOW_MANAGER_API}/list`, {
      params: cleanQuery({ ...query, processDefinitionKey: key }),
    });
    return data.data;
  },
  submit: () => Promise.reject(new Error('definitions are deployed, not edited')),
  remove: async (ids) => {
    await request.post(`${FLOW_MANAGER_API}/delete-deployment`, { deploymentIds: ids.join(',') });
  },
  removeForced: async (ids) => {
    await request.post(`${FLOW_MANAGER_API}/delete-deployment`, {
      deploymentIds: ids.join(','),
      force: true,
    });
  },
  changeState: async (processId, state) => {
    await request.post(`${FLOW_MANAGER_API}/change-state`, { processId, state });
  },
};

/** A running (or finished) instance with the `id` the CRUD kit keys rows by. */
export type FlowInstanceRow = FlowInstance & { id: string };

export const flowFollowApi: PagedCrudApi<FlowInstanceRow> & {
  /** `tenantId`: the instance's tenant, when the platform administrator ends another tenant's. */
  terminate: (processInstanceId: string, deleteReason: string, tenantId?: string) => Promise<void>;
} = {
  list: async (query: ListQuery) => {
    const { data } = await request.get<R<IPage<FlowInstance>>>(`${FLOW_FOLLOW_API}/list`, {
      params: cleanQuery(query),
    });
    const page = data.data;
    return { ...page, records: page.records.map((row) => ({ ...row, id: row.processInstanceId })) };
  },
  submit: () => Promise.reject(new Error('instances are started from 我的事务')),
  remove: () => Promise.reject(new Error('instances are terminated with a reason')),
  terminate: async (processInstanceId, deleteReason, tenantId) => {
    await request.post(`${FLOW_FOLLOW_API}/delete-process-instance`, {
      processInstanceId,
      deleteReason,
      ...(tenantId ? { tenantId } : {}),
    });
  },
};

/**
 * The tenant's role aliases (`role/list`, a forest) as the designer's candidate-group suggestions. Without the role
 * screen's permission the list is simply empty: aliases can still be typed.
 */
export async function roleAliasOptions(): Promise<Array<{ value: string; label: string }>> {
  type RoleNode = { roleName: string; roleAlias: string; children?: RoleNode[] };
  try {
    const { data } = await request.get<R<RoleNode[]>>(`${roleEntity.api}/list`, { handlesErrors: true });
    const options: Array<{ value: string; label: string }> = [];
    const walk = (nodes: readonly RoleNode[]) => {
      for (const node of nodes) {
        if (node.roleAlias) options.push({ value: node.roleAlias, label: node.roleName });
        walk(node.children ?? []);
      }
    };
    walk(data.data ?? []);
    return options;
  } catch {
    return [];
  }
}

/** `GET tenant/select`: the tenants a deploy may target (the platform administrator sees all, others their own). */
export async function fetchTenantOptions(): Promise<
  Array<{ id: string; tenantId: string; tenantName: string }>
> {
  const { data } = await request.get<R<Array<{ id: string; tenantId: string; tenantName: string }>>>(
    '/api/cube-system/tenant/select',
  );
  return data.data ?? [];
}
