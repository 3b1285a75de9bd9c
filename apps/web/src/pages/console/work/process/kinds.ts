import type { PatentType } from '@cube/contract';

/**
 * What the business pages show per route segment (`invention`, `utility-design`, `approval`): the patent
 * processes start with a case (new or existing) of the given types; the approval process starts with a subject.
 * An unknown segment gets the generic pages (timeline, diagram, process data).
 */
export type ProcessKind =
  | { kind: 'patent'; patentTypes: readonly PatentType[] }
  | { kind: 'proposal' }
  | { kind: 'generic' };

const KINDS: Readonly<Record<string, ProcessKind>> = {
  invention: { kind: 'patent', patentTypes: ['invention'] },
  'utility-design': { kind: 'patent', patentTypes: ['utility', 'design'] },
  approval: { kind: 'proposal' },
};

export function processKind(route: string | undefined): ProcessKind {
  return (route && KINDS[route]) || { kind: 'generic' };
}
