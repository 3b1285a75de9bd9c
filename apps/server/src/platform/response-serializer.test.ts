import { pageSchema } from '@cube/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok, rEmpty, rSchema, toPage } from './envelope.js';
import { compileFast, responseSerializerCompiler } from './response-serializer.js';

const record = z.object({
  id: z.string(),
  name: z.string(),
  sort: z.number().int(),
  remark: z.string().nullable(),
  status: z.number().int().optional(),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.unknown()),
  kind: z.enum(['a', 'b']),
  children: z.array(z.object({ id: z.string(), leaf: z.boolean() })).optional(),
});
const pageAnswer = rSchema(pageSchema(record));
const args = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const viaZod = (schema: z.ZodType, data: unknown) => zodSerializerCompiler(args(schema) as never)(data);
const viaServer = (schema: z.ZodType, data: unknown) =>
  responseSerializerCompiler(args(schema) as never)(data);

const rows = [
  {
    id: '1123598821738675201',
    name: '名称 "引号" \\ 与换行\n',
    sort: 3,
    remark: null,
    status: 1,
    tags: ['x', '中文'],
    extra: { nested: { a: [1, null, 'z'] } },
    kind: 'a',
    children: [{ id: '2', leaf: true }],
  },
  { id: '2', name: '', sort: -1, remark: '备注', tags: [], extra: {}, kind: 'b' },
];

describe('response serializer', () => {
  it('writes exactly what zod’s serializer writes for a page of records', () => {
    const answer = ok(toPage(rows, 12, 1, 10));
    expect(viaServer(pageAnswer, answer)).toBe(viaZod(pageAnswer, answer));
    expect(JSON.parse(viaServer(pageAnswer, answer) as string)).toEqual(answer);
  });

  it('compiles the CRUD kit’s page answers to fast-json-stringify', () => {
    expect(compileFast(pageAnswer)).toBeTypeOf('function');
  });

  it('never writes a field the schema does not declare, at any depth', () => {
    const leaky = ok(
      toPage([{ ...rows[1], password: 'hash', children: [{ id: '3', leaf: false, secret: 's' }] }], 1, 1, 10),
    );
    const text = viaServer(pageAnswer, { ...leaky, debug: 'internal' }) as string;
    expect(text).not.toContain('password');
    expect(text).not.toContain('hash');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('internal');
    expect(text).toBe(viaZod(pageAnswer, { ...leaky, debug: 'internal' }));
  });

  it('writes an empty payload as {} whatever the handler put in it', () => {
    const text = viaServer(rEmpty, { code: 200, success: true, msg: '操作成功', data: { leaked: 1 } });
    expect(text).toBe('{"code":200,"success":true,"msg":"操作成功","data":{}}');
  });

  it('keeps zod’s serializer for what JSON Schema cannot describe', () => {
    const dated = z.object({ at: z.date() });
    expect(compileFast(dated)).toBeUndefined();
    const checked = z.object({ n: z.number().refine((n) => n > 0) });
    // A refinement has no JSON Schema: zod's serializer keeps running it and refusing a bad answer.
    expect(compileFast(checked)).toBeUndefined();
    expect(() => viaServer(checked, { n: -1 })).toThrow();
    expect(viaServer(checked, { n: 1 })).toBe('{"n":1}');
    const transformed = z.object({ s: z.string().transform((s) => s.length) });
    expect(compileFast(transformed)).toBeUndefined();
    expect(() => viaServer(transformed, { s: 'abc' })).toThrow();
  });
});
