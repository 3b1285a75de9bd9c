import { registerFlowBinding } from './flow/binding.js';
import { patentFlowBinding } from './patent/flow-binding.js';

/**
 * The businesses the workflow runs on: each binding plugs into the workflow's extension points (`flow/binding.ts`),
 * so `modules/flow` knows no business module. A new business that runs on processes is one line here.
 *
 * Called by `buildApp` and by the seed, which starts demo processes in a process that never builds the app; a
 * second call replaces each binding with itself.
 */
export function registerBusinessBindings(): void {
  registerFlowBinding(patentFlowBinding);
}
