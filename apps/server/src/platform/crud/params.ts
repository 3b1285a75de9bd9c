import { CommonMessage } from '@cube/contract';
import { z } from 'zod';
import { BizError } from '../errors.js';
import { isId } from '../ids.js';

/** BladeX clients send ids as strings or JSON numbers; both arrive here as strings. */
const idText = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v);

export const idSchema = z.preprocess(
  idText,
  z.string({ error: CommonMessage.idMissing }).refine(isId, CommonMessage.idInvalid),
);

/** The `id` of a submit body: absent, `null`, `''` or `0` means a new row. */
export const optionalIdSchema = z.preprocess(
  (v) => (v === null || v === '' || v === 0 || v === '0' ? undefined : idText(v)),
  z.string().refine(isId, CommonMessage.idInvalid).optional(),
);

/**
 * `ids` of a remove: a comma list in the query string or the form body, as the dialect's clients
 * send it; also accepted as a JSON number or array. Duplicates collapse; one malformed id refuses the request.
 */
export const idsSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v.map(idText).join(',') : idText(v)),
  z
    .string({ error: CommonMessage.idsMissing })
    .min(1, CommonMessage.idsMissing)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length > 0 && ids.every(isId), CommonMessage.idsInvalid),
);

/** Parses with a schema, turning the first issue into the 400 answer the form shows. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new BizError(result.error.issues[0]?.message ?? '参数校验失败');
  return result.data;
}
