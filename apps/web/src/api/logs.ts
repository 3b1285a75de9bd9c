import {
  type LogApiStats,
  type LogErrorStats,
  type LogUsualStats,
  logApiEntity,
  logErrorEntity,
  logUsualEntity,
  type R,
} from '@cube/contract';
import { createEntityApi } from './crud';
import { request } from './request';

/**
 * The three logs: read-only resources (`list`, `detail`; the server has no `submit`/`remove` for
 * them) and the chart figures of each screen (`stats`). `tenantId` — the platform administrator's view of one
 * tenant — is sent as a filter like any other.
 */
export const logUsualApi = createEntityApi(logUsualEntity);
export const logApiApi = createEntityApi(logApiEntity);
export const logErrorApi = createEntityApi(logErrorEntity);

const stats =
  <S>(prefix: string) =>
  async (tenantId?: string): Promise<S> => {
    const { data } = await request.get<R<S>>(`${prefix}/stats`, {
      params: tenantId ? { tenantId } : {},
    });
    return data.data;
  };

export const logUsualStats = stats<LogUsualStats>(logUsualEntity.api);
export const logApiStats = stats<LogApiStats>(logApiEntity.api);
export const logErrorStats = stats<LogErrorStats>(logErrorEntity.api);
