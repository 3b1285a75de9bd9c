import { type Lead, leadEntity, type R } from '@cube/contract';
import { createCrudApi } from './crud';
import { downloadFile } from './download';
import { request } from './request';

export type { Lead };

/** `GET lead/list|detail`, `POST lead/submit|remove?ids=` — the console's side of the customer form. */
export const leadApi = createCrudApi<Lead>(leadEntity.api);

/** The filtered list as xlsx (`GET lead/export`). */
export const exportLeads = (filters: Readonly<Record<string, unknown>>) =>
  downloadFile(`${leadEntity.api}/export`, filters, '客户咨询.xlsx');

export interface UserChoice {
  id: string;
  account: string;
  name: string;
  realName: string;
}

/** `GET cube-user/queryUserByName?userName=`: the tenant's enabled users matching the text (at most 50). */
export async function findUsers(userName: string): Promise<UserChoice[]> {
  const { data } = await request.get<R<UserChoice[]>>('/api/cube-user/queryUserByName', {
    params: userName ? { userName } : {},
  });
  return data.data ?? [];
}
