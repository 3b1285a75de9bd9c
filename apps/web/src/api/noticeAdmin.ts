import { createCrudApi } from './crud';

/** A notice as administered in the console (`/api/cube-desk/notice`); `category` is a key of dictionary `notice`. */
export interface NoticeRecord {
  id: string;
  title: string;
  category: number;
  /** `yyyy-MM-dd HH:mm:ss`. */
  releaseTime: string;
  content: string;
  createTime?: string;
  updateTime?: string;
}

export const NOTICE_API_PREFIX = '/api/cube-desk/notice';

/** `GET notice/list|detail`, `POST notice/submit|remove?ids=` (codes notice_add/edit/delete/view). */
export const noticeAdminApi = createCrudApi<NoticeRecord>(NOTICE_API_PREFIX);
