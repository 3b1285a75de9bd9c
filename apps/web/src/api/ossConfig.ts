import { type Oss, ossEntity, type R } from '@cube/contract';
import { createEntityApi } from './crud';
import { request } from './request';

export type { Oss };

/** `GET oss/list|detail`, `POST oss/submit|remove?ids=`: the tenant's storage configurations. */
export const ossApi = createEntityApi(ossEntity);

/** `POST oss/enable?id=`: this configuration takes the uploads; every other one is switched off. */
export async function enableOss(id: string): Promise<void> {
  await request.post<R<unknown>>(`${ossEntity.api}/enable`, null, { params: { id } });
}

/** `POST oss/test-connection?id=`: asks the store for the bucket; answers the server's message. */
export async function testOss(id: string): Promise<string> {
  const { data } = await request.post<R<unknown>>(`${ossEntity.api}/test-connection`, null, {
    params: { id },
  });
  return data.msg;
}
