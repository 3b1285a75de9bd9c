import { type Param, paramEntity } from '@cube/contract';
import { createCrudApi } from './crud';

export type { Param };

/** `GET param/list|detail`, `POST param/submit|remove?ids=` — the shape and prefix come from the contract. */
export const paramApi = createCrudApi<Param>(paramEntity.api);
