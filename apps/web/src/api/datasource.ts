import { type Datasource, datasourceEntity, type R } from '@cube/contract';
import { createEntityApi } from './crud';
import { request } from './request';

export type { Datasource };

/**
 * `GET datasource/list|detail`, `POST datasource/submit|remove?ids=` (platform administrator; a save connects
 * first and is refused when the database cannot be reached); `select` for the tenant's datasource choice.
 */
export const datasourceApi = {
  ...createEntityApi(datasourceEntity),
  options: async (): Promise<Array<{ id: string; name: string }>> => {
    const { data } = await request.get<R<Array<{ id: string; name: string }>>>(
      `${datasourceEntity.api}/select`,
    );
    return data.data ?? [];
  },
};
