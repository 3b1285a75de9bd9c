import { z } from 'zod';

/**
 * The `R` envelope every `/api` answer uses. `success` is true exactly when `code` is 200.
 * Clients read the body's `code` (falling back to the HTTP status) and show `msg`.
 */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), success: z.boolean(), msg: z.string(), data });

/** MyBatis-Plus `IPage` as clients read it: `records` and `total`, plus `size`, `current`, `pages`. */
export interface IPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });

/** Result codes and their default messages. */
export const ResultCode = {
  SUCCESS: 200,
  FAILURE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  MEDIA_TYPE_NOT_SUPPORTED: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export const ResultMessage = {
  SUCCESS: '操作成功',
  NO_DATA: '暂无承载数据',
  FAILURE: '业务异常',
  PARAM_INVALID: '参数校验失败',
  UNAUTHORIZED: '请求未授权',
  TOKEN_MISSING: '缺失令牌,鉴权失败',
  FORBIDDEN: '请求被拒绝',
  NOT_FOUND: '没找到请求',
  METHOD_NOT_SUPPORTED: '不支持当前请求方法',
  MEDIA_TYPE_NOT_SUPPORTED: '不支持当前媒体类型',
  TOO_MANY_REQUESTS: '请求过于频繁,请稍后再试',
  INTERNAL_SERVER_ERROR: '服务器异常',
  SERVICE_UNAVAILABLE: '服务暂不可用,请稍后再试',
} as const;
