import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOW_BUILTINS, type FlowBuiltinKey } from '@cube/contract';

/**
 * The three shipped processes, kept as `.bpmn` files in `processes/` beside this module (the server
 * build copies the folder into `dist`). They are seeded as built-in models and deployed as common definitions;
 * `restore-builtin` copies the shipped XML back onto an edited model.
 */

export interface BuiltinProcess {
  key: FlowBuiltinKey;
  category: string;
  route: string;
  name: string;
  xml: string;
  /** sha256 of the shipped XML: a model whose XML still hashes to it is unedited. */
  hash: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const xmlHash = (xml: string): string => createHash('sha256').update(xml).digest('hex');

let loaded: BuiltinProcess[] | undefined;

export function builtinProcesses(): BuiltinProcess[] {
  if (!loaded) {
    loaded = FLOW_BUILTINS.map((b) => {
      const xml = readFileSync(path.join(here, 'processes', `${b.key}.bpmn`), 'utf8');
      return { ...b, xml, hash: xmlHash(xml) };
    });
  }
  return loaded;
}

export const builtinOf = (key: string): BuiltinProcess | undefined =>
  builtinProcesses().find((b) => b.key === key);
