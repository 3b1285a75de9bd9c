import { type IPage, type R, ResultCode, ResultMessage } from '@cube/contract';
import { z } from 'zod';

/** `R.data(x)`: code 200; an absent payload is written as `{}` with msg 暂无承载数据, like the reference. */
export function ok<T>(data: T, msg?: string): R<T> {
  const empty = data === null || data === undefined;
  return {
    code: ResultCode.SUCCESS,
    success: true,
    msg: msg ?? (empty ? ResultMessage.NO_DATA : ResultMessage.SUCCESS),
    data: (empty ? {} : data) as T,
  };
}

/** `R.success(msg)` / `R.status(true)`: code 200 with an empty object payload. */
export const done = (msg: string = ResultMessage.SUCCESS): R<Record<string, never>> => ({
  code: ResultCode.SUCCESS,
  success: true,
  msg,
  data: {},
});

export const fail = (code: number, msg: string): R<Record<string, never>> => ({
  code,
  success: false,
  msg,
  data: {},
});

export const rSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), success: z.boolean(), msg: z.string(), data });

export const emptySchema = z.object({}).strict();
export const rEmpty = rSchema(z.object({}));

export function toPage<T>(records: T[], total: number, current: number, size: number): IPage<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
