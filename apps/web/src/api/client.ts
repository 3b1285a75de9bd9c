import { type Client, clientEntity, type R } from '@cube/contract';
import { createCrudApi } from './crud';
import { request } from './request';

export type { Client };

/** `GET client/list|detail`, `POST client/submit|remove?ids=`; a create answers the new secret once. */
export const clientApi = createCrudApi<Client>(clientEntity.api);

/** `POST client/reset-secret?id=`: a new secret, answered this once. */
export async function resetClientSecret(id: string): Promise<{ id: string; clientSecret: string }> {
  const { data } = await request.post<R<{ id: string; clientSecret: string }>>(
    `${clientEntity.api}/reset-secret`,
    null,
    { params: { id } },
  );
  return data.data;
}
