import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';
import { FLOW_API, FLOW_PERMISSIONS, FlowMessage } from './flow-common.js';
import { flowDeployTargetInput } from './flow-manager.js';

/**
 * Process models (模型管理 `/flow/model`, the designer). A model is BPMN 2.0 XML kept per tenant; the platform
 * tenant's models are the ones deployed as common definitions. The three shipped processes are seeded as
 * built-in models (`builtinKey`), and `restore-builtin` copies the shipped XML back.
 *
 * | call | permission | body / query | `data` |
 * | --- | --- | --- | --- |
 * | `GET /api/cube-flow/model/list` | `flow_model` | `current`, `size`, `modelKey`, `name`, `category` (+ filter suffixes) | `IPage<FlowModel>` |
 * | `GET /api/cube-flow/model/detail` | `flow_model` | `id` | {@link FlowModel} |
 * | `POST /api/cube-flow/model/submit` | `flow_model_create` / `flow_model_update` | JSON {@link flowModelEntity}.input + `id?`; the XML is validated, `version` + 1 | `{id}` |
 * | `POST /api/cube-flow/model/remove` | `flow_model_delete` | `ids` | `{}` |
 * | `POST /api/cube-flow/model/validate` | `flow_model` | `{modelKey?, modelEditorXml}` | {@link FlowValidation} (never an error for a bad model) |
 * | `POST /api/cube-flow/model/deploy` | `flow_model_deploy` | {@link flowModelDeployInput} | {@link FlowDeployResult} (flow-manager.ts) |
 * | `GET /api/cube-flow/model/download` | `flow_model_download` (token also as `?cube-auth=`) | `id` | the `.bpmn` file |
 * | `POST /api/cube-flow/model/restore-builtin` | `flow_model_restore` | `id` | {@link FlowModel} |
 *
 * A save or deploy whose XML does not validate answers 400 with the first problem as `msg`
 * (`「节点名」: 消息`) and every problem in `data.errors` ({@link FlowValidationIssue}[]).
 */
const messages = {
  modelKeyRequired: FlowMessage.modelKeyRequired,
  modelKeyInvalid: FlowMessage.modelKeyInvalid,
  modelKeyExists: FlowMessage.modelKeyExists,
  nameRequired: FlowMessage.modelNameRequired,
  xmlRequired: FlowMessage.modelXmlRequired,
} as const;

const limits = {
  modelKey: 64,
  name: 100,
  description: 500,
  category: 30,
  modelEditorXml: 2_000_000,
} as const;

/** Starts with a letter: it is the BPMN process id, an XML NCName. */
export const FLOW_MODEL_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const flowModelEntity = defineEntity({
  name: 'flowModel',
  api: `${FLOW_API}/model`,
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    modelKey: z.string(),
    name: z.string(),
    description: z.string(),
    /** Suggested category (`flow_1`…); chosen again at deploy. */
    category: z.string(),
    modelEditorXml: z.string(),
    /** Save counter, shown as `v<N>`. */
    version: z.number(),
    /** `patent_invention` etc. for a shipped model, `''` otherwise. */
    builtinKey: z.string(),
    /** 1 when a built-in model's XML differs from the shipped file (edited), else 0. */
    builtinChanged: z.number(),
    /** Newest deployed version of this key in the model's tenant (common for the platform's models), 0 if none. */
    deployedVersion: z.number(),
    ...auditRecordShape,
  }),
  input: z.object({
    modelKey: requiredText(messages.modelKeyRequired, limits.modelKey).pipe(
      z.string().regex(FLOW_MODEL_KEY_PATTERN, messages.modelKeyInvalid),
    ),
    name: requiredText(messages.nameRequired, limits.name),
    description: optionalText(limits.description),
    category: optionalText(limits.category),
    modelEditorXml: requiredText(messages.xmlRequired, limits.modelEditorXml),
  }),
  filters: {
    id: 'id',
    modelKey: 'string',
    name: 'string',
    category: 'string',
    builtinKey: 'string',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [{ field: 'updateTime', direction: 'desc' }],
  permissions: {
    read: FLOW_PERMISSIONS.model,
    add: FLOW_PERMISSIONS.modelCreate,
    edit: FLOW_PERMISSIONS.modelUpdate,
    remove: FLOW_PERMISSIONS.modelDelete,
    view: FLOW_PERMISSIONS.modelView,
  },
  messages,
  limits,
  unique: [{ fields: ['modelKey'], message: messages.modelKeyExists }],
});

export type FlowModel = RecordOf<typeof flowModelEntity>;

/** One validation problem: the element it is about (`''` for the whole file) and a Chinese message. */
export const flowValidationIssueSchema = z.object({
  elementId: z.string(),
  elementName: z.string(),
  message: z.string(),
});
export type FlowValidationIssue = z.infer<typeof flowValidationIssueSchema>;

export const flowValidationSchema = z.object({
  valid: z.boolean(),
  /** The process id found in the XML (`''` if none). */
  processKey: z.string(),
  processName: z.string(),
  errors: z.array(flowValidationIssueSchema),
});
export type FlowValidation = z.infer<typeof flowValidationSchema>;

export const flowValidateInput = z.object({
  modelKey: z.preprocess((v) => (v === null ? undefined : v), z.string().max(64).optional()),
  modelEditorXml: requiredText(messages.xmlRequired, limits.modelEditorXml),
});

export const flowModelDeployInput = flowDeployTargetInput.extend({
  modelId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: FlowMessage.modelMissing }).regex(/^[1-9]\d{0,18}$/, FlowMessage.modelMissing),
  ),
});
