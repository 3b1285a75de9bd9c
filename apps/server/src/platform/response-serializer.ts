import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type SerializerArgs = Parameters<FastifySerializerCompiler<ZodType>>[0];

/**
 * The answers' serializer: each route's zod response schema compiled once into a fast-json-stringify function
 * (Fastify's own serializer), through the schema's JSON Schema for its output.
 *
 * Why not zod's encode, as fastify-type-provider-zod does: it copies the whole answer into a new object tree (zod
 * builds its result) and then `JSON.stringify` walks that copy. For a page of ten records that was ~6% of the
 * request (the bench's parameter list). fast-json-stringify writes the string straight from the answer, from code
 * generated for the schema.
 *
 * What stays the same: only the declared fields leave (an undeclared column, a password hash, is never written:
 * fast-json-stringify writes the properties of the schema and nothing else, as zod's stripping did); the field
 * names and the envelope are the schema's, in its order, byte for byte what zod wrote (the test compares them). What
 * differs, only on a bug: a value of the wrong type is coerced or refused by fast-json-stringify instead of refused
 * by zod, and a required field left out is omitted ({@link inSchemaOrder}).
 *
 * A schema that JSON Schema cannot say keeps zod's serializer, nothing guessed: transforms, dates, recursive and
 * other unrepresentable types ({@link z.toJSONSchema} throws on those) and refinements (which it would skip).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (args: SerializerArgs) => {
  const schema = args.schema as unknown;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(args as never);
  // Compiled on the route's first answer, not at start: of some six hundred routes an instance answers few, and
  // compiling every one up front (generated code, a validator per union) held ~9 MiB more at idle.
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= compileFast(schema) ?? (zodSerializerCompiler(args as never) as (data: unknown) => string);
    return serialize(data);
  };
};

/** The fast-json-stringify function of `schema`'s output, or undefined when JSON Schema cannot describe it. */
export function compileFast(schema: ZodType): ((data: unknown) => string) | undefined {
  let json: Record<string, unknown>;
  let refined = false;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
      cycles: 'throw',
      // A refinement (`refine`, `superRefine`, `check`) has no JSON Schema and would be skipped silently.
      override: ({ zodSchema }) => {
        const checks = (
          zodSchema as { _zod: { def: { checks?: Array<{ _zod: { def: { check: string } } }> } } }
        )._zod.def.checks;
        if (checks?.some((c) => c._zod.def.check === 'custom')) refined = true;
      },
    });
  } catch {
    return undefined;
  }
  if (refined) return undefined;
  try {
    return fastJsonStringify(inSchemaOrder(json) as never) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

/**
 * The schema with its objects' `required` lists dropped, so that fast-json-stringify writes every object's fields in
 * the schema's order, as zod did (it writes required fields first otherwise; clients do not care, but the answers
 * stay byte for byte what they were). A required field a handler left out is then omitted where zod refused the
 * answer: only a bug does that, and it still never writes anything undeclared. Lists inside a union of two or more
 * kinds of value are kept: fast-json-stringify picks the union's branch by validating against it, and `required`
 * is what tells object branches apart.
 */
function inSchemaOrder(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inSchemaOrder);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (union && union.filter((branch) => (branch as { type?: unknown }).type !== 'null').length > 1)
    return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    copy[key] = inSchemaOrder(value);
  }
  return copy;
}
