import type { IPage, R } from '@cube/contract';
import { request } from './request';

export const MY_NOTICE_URL = '/api/cube-desk/notice/my';

/** A notice of the bell popover (`GET /api/cube-desk/notice/my`). */
export interface MyNotice {
  id: string;
  title: string;
  category?: number | string;
  categoryName?: string;
  releaseTime?: string;
  content?: string;
}

export interface MyNoticeQuery {
  /** Notice category (dictionary `notice`); all categories when absent. */
  category?: string | number | undefined;
  current: number;
  size: number;
}

export async function fetchMyNotices(query: MyNoticeQuery): Promise<IPage<MyNotice>> {
  const params: Record<string, string | number> = { current: query.current, size: query.size };
  if (query.category !== undefined && query.category !== '') params.category = query.category;
  const { data } = await request.get<R<IPage<MyNotice>>>(MY_NOTICE_URL, { params });
  return data.data;
}
