import type { EntityDefinition } from '@cube/contract';
import * as contract from '@cube/contract';
import type { z } from 'zod';

/**
 * Sample data for the mock layer, made from the contract's own schemas (never written by hand), so a field added
 * to an entity appears in the mock at once and a mock answer cannot drift from what the server sends.
 */

/** Every admin entity the contract defines (each exported `defineEntity` value). */
export const mockEntities: readonly EntityDefinition[] = Object.values(
  contract as Record<string, unknown>,
).filter(
  (value): value is EntityDefinition =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EntityDefinition).api === 'string' &&
    typeof (value as EntityDefinition).record === 'object' &&
    typeof (value as EntityDefinition).permissions === 'object',
);

type AnySchema = z.ZodType & { def: Record<string, unknown> & { type: string } };

const NOW = '2026-11-20 09:30:00';

/** A value of `schema` for field `key` of row `n`: readable, and valid for the schema. */
function sampleValue(schema: AnySchema, key: string, n: number, id: string): unknown {
  const def = schema.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleValue(def.innerType as AnySchema, key, n, id);
    case 'pipe':
      return sampleValue(def.out as AnySchema, key, n, id);
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'union':
      return sampleValue((def.options as AnySchema[])[0] as AnySchema, key, n, id);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return sampleObject(schema as unknown as z.ZodObject, n, id);
    case 'record':
      return {};
    case 'number':
    case 'int':
      if (key === 'isDeleted') return 0;
      if (key === 'status') return 1;
      if (key === 'sort') return n;
      return 1;
    case 'string': {
      if (key === 'id') return id;
      if (key === 'tenantId') return contract.DEFAULT_TENANT_ID;
      if (key === 'parentId') return '0';
      if (/Time$|Date$/.test(key)) return NOW;
      if (/Id$|User$|Dept$/.test(key)) return '';
      if (key === 'phone') return '13800000000';
      if (key === 'email') return 'demo@example.com';
      return `示例${n}`;
    }
    default:
      return null;
  }
}

function sampleObject(schema: z.ZodObject, n: number, id: string): Record<string, unknown> {
  const shape = schema.shape as Record<string, AnySchema>;
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, sampleValue(field, key, n, id)]),
  );
}

/** Row `n` of an entity: its record schema filled in, a stable id. */
export function sampleRecord(entity: EntityDefinition, n: number): Record<string, unknown> {
  const id = String(1_900_000_000_000_000_000n + BigInt(n));
  return sampleObject(entity.record, n, id);
}
