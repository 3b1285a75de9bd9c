import { type Notice, noticeEntity } from '@cube/contract';
import { createCrudApi } from './crud';

/** A notice as administered in the console; `category` is a key of dictionary `notice`. */
export type NoticeRecord = Notice;

/** `GET notice/list|detail`, `POST notice/submit|remove?ids=` — the shape and prefix come from the contract. */
export const noticeAdminApi = createCrudApi<NoticeRecord>(noticeEntity.api);
