import type { ColumnType } from 'kysely';

/** Table types of migration 0015 (the workflow runtime), listed in `Database` (types.ts). */

type Id = string;
type DateTime = string;
type Flag = ColumnType<number, number | undefined, number>;

/** The audit columns every row carries (repeated here so that types.ts and this file form no cycle). */
interface AuditColumns {
  createUser: Id | null;
  createDept: Id | null;
  createTime: DateTime;
  updateUser: Id | null;
  updateTime: DateTime;
  status: Flag;
  isDeleted: Flag;
}

export interface FlowModelTable extends AuditColumns {
  id: Id;
  tenantId: string;
  modelKey: string;
  name: string;
  description: string;
  category: string;
  modelEditorXml: string;
  version: number;
  builtinKey: string;
  builtinHash: string;
}

/** `tenantId` is `''` for a common definition, so it is not a tenant-owned table for `TenantData`. */
export interface FlowDefinitionTable extends AuditColumns {
  id: Id;
  tenantId: string;
  deploymentId: Id;
  modelId: Id | null;
  processKey: string;
  name: string;
  description: string;
  version: number;
  category: string;
  bpmnXml: string;
  /** JSON of `DefinitionMeta` (modules/flow/bpmn.ts). */
  meta: string;
  suspended: number;
  source: string;
}

export interface FlowInstanceTable extends AuditColumns {
  id: Id;
  tenantId: string;
  definitionId: Id;
  processKey: string;
  category: string;
  businessTable: string;
  businessId: Id | null;
  title: string;
  flowStatus: string;
  endActivityId: string;
  deleteReason: string;
  engineState: string;
  engineVersion: string;
  stateVersion: number;
  /** JSON object of scalar process variables. */
  variables: string;
  currentActivityIds: string;
  currentActivityNames: string;
  endTime: DateTime | null;
}

export interface FlowTaskTable extends AuditColumns {
  id: Id;
  tenantId: string;
  instanceId: Id;
  definitionId: Id;
  activityId: string;
  executionId: string;
  name: string;
  formKey: string;
  assigneeUserId: Id | null;
  candidateGroups: string;
  taskStatus: string;
  claimTime: DateTime | null;
  endTime: DateTime | null;
  dueTime: DateTime | null;
  completedBy: Id | null;
  outcome: string;
  comment: string;
}

export interface FlowTaskCandidateTable {
  id: Id;
  tenantId: string;
  taskId: Id;
  /** `user` or `role`. */
  kind: string;
  ref: string;
  isDeleted: Flag;
}

export interface FlowHistoryTable {
  id: Id;
  tenantId: string;
  instanceId: Id;
  activityId: string;
  activityType: string;
  name: string;
  executionId: string;
  taskId: Id | null;
  assigneeUserId: Id | null;
  startTime: DateTime;
  endTime: DateTime | null;
  durationMs: number | null;
  outcome: string;
  comment: string;
  seq: number;
  isDeleted: Flag;
}

export interface FlowTimerTable {
  id: Id;
  tenantId: string;
  instanceId: Id;
  activityId: string;
  executionId: string;
  expireAt: DateTime;
  timerStatus: string;
  lockedUntil: DateTime | null;
  attempts: number;
  lastError: string;
  createTime: DateTime;
  updateTime: DateTime;
  isDeleted: Flag;
}
