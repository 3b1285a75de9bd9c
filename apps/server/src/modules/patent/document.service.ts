import {
  PATENT_DOCUMENT_MESSAGES as MESSAGES,
  type PatentDocument,
  patentApplicationEntity,
  patentDocumentUploadFields,
} from '@cube/contract';
import { hasPermission } from '../../platform/access.js';
import { isTenantAdmin, type RequestContext } from '../../platform/context.js';
import { type CrudKit, dynamic } from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { handledTaskOn, handlesStepOn } from '../flow/queries/participation.queries.js';
import { attachFileById, removeAttachById } from '../resource/oss/attach.queries.js';
import { fileServiceOf } from '../resource/oss/file-service.js';
import { parseObjectName } from '../resource/oss/storage.js';
import { storeAttachment, type Upload } from '../resource/oss/upload.js';
import { userNamesByIds } from '../user/user.queries.js';
import { findCase } from './case.queries.js';
import {
  caseDocuments,
  documentById,
  insertDocument,
  nextDocumentVersion,
  removeDocument,
} from './document.queries.js';
import { CASE_TABLE } from './flow-binding.js';

/** Where an upload goes: the case, and the open step the caller handles on it. */
export interface UploadTarget {
  applicationId: string;
  kind: string;
  task: { taskId: string; instanceId: string; stepKey: string; stepName: string };
}

type DocumentRow = Omit<PatentDocument, 'createUserName'>;

/**
 * The documents of a case's process steps. Who may see them is who may see the case: the 专利案件 read grant
 * with the case inside the caller's data scope, or whoever handles an open step of the case's running process
 * (as the case detail reads it). Uploading needs that step itself: the open task named in the upload, held by the
 * caller or offered to them. Files are private attachments of the tenant's file store.
 */
export class CaseDocumentService {
  private readonly db;
  private readonly files;

  constructor(
    private readonly deps: AppDeps,
    private readonly cases: CrudKit<'patApplication'>,
  ) {
    // Step documents and their attachment rows, the cases and the process steps are in a bound tenant's own database
    // (platform/tenant-databases.ts): the routed handle writes a document and its attachment row in one transaction
    // there, and reads the uploaders' names on the master.
    this.db = deps.datasources.routed.db;
    this.files = fileServiceOf(deps);
  }

  /** Whether the caller may see the case (and so its documents). */
  async mayRead(ctx: RequestContext, caseId: string): Promise<boolean> {
    if (await hasPermission(this.deps.db, ctx, patentApplicationEntity.permissions.read)) {
      const inScope = await dynamic(await this.cases.readRows(this.db, ctx))
        .select('patApplication.id')
        .where('patApplication.id', '=', caseId)
        .executeTakeFirst();
      if (inScope) return true;
    }
    return handlesStepOn(this.db, ctx, CASE_TABLE, caseId);
  }

  private async requireReadable(ctx: RequestContext, caseId: string): Promise<void> {
    if (!(await this.mayRead(ctx, caseId))) throw new ForbiddenError(MESSAGES.caseForbidden);
  }

  async list(ctx: RequestContext, applicationId: string): Promise<PatentDocument[]> {
    await this.requireReadable(ctx, applicationId);
    const rows = (await caseDocuments(this.db, ctx.tenantId, applicationId)) as DocumentRow[];
    const names = await userNamesByIds(
      this.db,
      null,
      rows.map((r) => r.createUser),
    );
    return rows.map((r) => ({ ...r, createUserName: names.get(String(r.createUser ?? '')) ?? '' }));
  }

  /**
   * Checks the fields of an upload before its file is read: a live case of the tenant, a known kind, and an open
   * task on that case which the caller handles.
   */
  async uploadTarget(ctx: RequestContext, fields: Record<string, unknown>): Promise<UploadTarget> {
    const parsed = patentDocumentUploadFields.safeParse(fields);
    if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? MESSAGES.kindInvalid);
    const { applicationId, taskId, kind } = parsed.data;
    if (!(await findCase(this.db, ctx.tenantId, applicationId)))
      throw new ForbiddenError(MESSAGES.caseForbidden);
    const task = await handledTaskOn(this.db, ctx, CASE_TABLE, applicationId, taskId);
    if (!task) throw new ForbiddenError(MESSAGES.taskForbidden);
    return { applicationId, kind, task };
  }

  /** Stores the file and records it as the next version of its kind on the step, in one transaction. */
  async store(ctx: RequestContext, target: UploadTarget, upload: Upload): Promise<PatentDocument> {
    const id = newId();
    const at = now();
    await storeAttachment(this.files, this.db, ctx, upload, async (trx, stored) => {
      const version = await nextDocumentVersion(trx, ctx.tenantId, {
        applicationId: target.applicationId,
        processInstanceId: target.task.instanceId,
        stepKey: target.task.stepKey,
        kind: target.kind,
      });
      await insertDocument(trx, ctx.tenantId, ctx, at, {
        id,
        applicationId: target.applicationId,
        processInstanceId: target.task.instanceId,
        taskId: target.task.taskId,
        stepKey: target.task.stepKey,
        stepName: target.task.stepName,
        kind: target.kind,
        version,
        attachId: stored.attachId,
        fileName: upload.originalName,
        fileSize: upload.content.length,
      });
    });
    const row = (await documentById(this.db, ctx.tenantId, id)) as DocumentRow;
    return { ...row, createUserName: ctx.realName || ctx.userName };
  }

  /** The file of a document the caller may see. */
  async file(ctx: RequestContext, id: string) {
    const doc = await documentById(this.db, ctx.tenantId, id);
    if (!doc) throw new NotFoundError();
    await this.requireReadable(ctx, String(doc.applicationId));
    const attach = await attachFileById(this.db, ctx.tenantId, String(doc.attachId));
    const object = attach ? parseObjectName(attach.name) : undefined;
    // A row can only point into its own tenant's prefix; anything else is not there.
    if (!object || object.tenantId !== ctx.tenantId) throw new NotFoundError();
    const store = await this.files.storeOf(object);
    const found = store ? await store.read(object.key) : undefined;
    if (!found) throw new NotFoundError();
    return {
      body: found.body,
      size: found.size,
      fileName: doc.fileName,
      contentType: this.files.contentTypeOf(object),
    };
  }

  /**
   * Removes a document (soft, its attachment row with it): the uploader while they may still see the case, or an
   * administrator. Other versions stay.
   */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const doc = await documentById(this.db, ctx.tenantId, id);
    if (!doc) throw new NotFoundError();
    const own =
      String(doc.createUser ?? '') === ctx.userId && (await this.mayRead(ctx, String(doc.applicationId)));
    if (!isTenantAdmin(ctx) && !own) throw new ForbiddenError(MESSAGES.removeForbidden);
    await this.db.transaction().execute(async (trx) => {
      await removeDocument(trx, ctx.tenantId, ctx, id);
      await removeAttachById(trx, ctx.tenantId, ctx, String(doc.attachId));
    });
  }
}
