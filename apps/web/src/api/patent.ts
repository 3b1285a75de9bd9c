import {
  type AgentCompany,
  agentCompanyEntity,
  type CompanyLookup,
  PATENT_DOCUMENT_API,
  type PatentApplication,
  type PatentDeadline,
  type PatentDeadlineRule,
  type PatentDocument,
  type PatentFee,
  type PatentHoliday,
  type PatentNotice,
  patentApplicationEntity,
  patentDeadlineEntity,
  patentDeadlineRuleEntity,
  patentFeeEntity,
  patentHolidayEntity,
  patentNoticeEntity,
  type R,
} from '@cube/contract';
import type { AxiosProgressEvent } from 'axios';
import { createEntityApi, type PagedCrudApi, type UntypedInput } from './crud';
import { downloadFile } from './download';
import { request } from './request';

export type {
  AgentCompany,
  CompanyLookup,
  PatentApplication,
  PatentDeadline,
  PatentDeadlineRule,
  PatentDocument,
  PatentFee,
  PatentHoliday,
  PatentNotice,
};

/** Patent cases and their parts (`cube-patent/*`), the rules and calendar, the companies (`cube-agent/company`). */
export const patentApplicationApi = createEntityApi(patentApplicationEntity);
export const patentNoticeApi = createEntityApi(patentNoticeEntity);
export const patentDeadlineApi = createEntityApi(patentDeadlineEntity);
export const patentFeeApi = createEntityApi(patentFeeEntity);
export const patentDeadlineRuleApi = createEntityApi(patentDeadlineRuleEntity);
export const patentHolidayApi = createEntityApi(patentHolidayEntity);
export const agentCompanyApi = createEntityApi(agentCompanyEntity);

/** A binding narrowed to one case: its list filtered by `applicationId`, new rows saved on that case. */
export function caseScoped<T, I extends { applicationId?: unknown } = UntypedInput>(
  api: Required<Omit<PagedCrudApi<T, I>, 'tree'>>,
  applicationId: string,
): PagedCrudApi<T, I> {
  return {
    ...api,
    list: (query) => api.list({ ...query, applicationId }),
    submit: (record) => api.submit({ ...record, applicationId }),
  };
}

export interface DeadlineDashboard {
  today: string;
  weekStart: string;
  weekEnd: string;
  dueThisWeek: PatentDeadline[];
  overdue: PatentDeadline[];
  byAgent: Array<{
    ownerUserId: string;
    ownerName: string;
    open: number;
    dueThisWeek: number;
    overdue: number;
  }>;
}

/** `GET cube-patent/deadline/dashboard`: due this week, overdue, and open deadlines by agent. */
export async function fetchDeadlineDashboard(): Promise<DeadlineDashboard> {
  const { data } = await request.get<R<DeadlineDashboard>>(`${patentDeadlineEntity.api}/dashboard`);
  return data.data;
}

/** `POST cube-agent/companyDetail/getcompanylist`: the tenant's company directory. */
export async function fetchCompanyList(): Promise<CompanyLookup[]> {
  const { data } = await request.post<R<CompanyLookup[]>>('/api/cube-agent/companyDetail/getcompanylist', {});
  return data.data ?? [];
}

/** `POST cube-agent/companyDetail/listAuthCompany`: the companies the signed-in user is authorised for. */
export async function fetchAuthCompanies(): Promise<CompanyLookup[]> {
  const { data } = await request.post<R<CompanyLookup[]>>(
    '/api/cube-agent/companyDetail/listAuthCompany',
    {},
  );
  return data.data ?? [];
}

export async function fetchCompanyUsers(companyId: string): Promise<string[]> {
  const { data } = await request.get<R<string[]>>(`${agentCompanyEntity.api}/auth-users`, {
    params: { companyId },
  });
  return data.data ?? [];
}

export async function saveCompanyUsers(companyId: string, userIds: readonly string[]): Promise<void> {
  await request.post(`${agentCompanyEntity.api}/auth-users`, { companyId, userIds: userIds.join(',') });
}

/**
 * `GET cube-patent/document/list`: a case's step documents. A caller who may not see the case gets 无权查看该案件,
 * which the documents card shows in place (`handlesErrors`).
 */
export async function fetchCaseDocuments(applicationId: string): Promise<PatentDocument[]> {
  const { data } = await request.get<R<PatentDocument[]>>(`${PATENT_DOCUMENT_API}/list`, {
    params: { applicationId },
    handlesErrors: true,
  });
  return Array.isArray(data.data) ? data.data : [];
}

/** `POST cube-patent/document/upload`: the case, the step's task and the kind go before the file. */
export async function uploadCaseDocument(
  input: { applicationId: string; taskId: string; kind: string },
  file: Blob,
  fileName: string,
  onProgress?: (percent: number) => void,
): Promise<PatentDocument> {
  const body = new FormData();
  body.append('applicationId', input.applicationId);
  body.append('taskId', input.taskId);
  body.append('kind', input.kind);
  body.append('file', file, fileName);
  const { data } = await request.post<R<PatentDocument>>(`${PATENT_DOCUMENT_API}/upload`, body, {
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}

export const downloadCaseDocument = (doc: Pick<PatentDocument, 'id' | 'fileName'>) =>
  downloadFile(`${PATENT_DOCUMENT_API}/download`, { id: doc.id }, doc.fileName);

export async function removeCaseDocument(id: string): Promise<void> {
  await request.post(`${PATENT_DOCUMENT_API}/remove`, undefined, { params: { id } });
}
