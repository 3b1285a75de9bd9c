import { loadChunk } from '../../lib/chunk';

/** bpmn-js's modeler and what it needs (ModelerRuntime.ts), a lazy chunk of its own; loaded once. */
export const loadModelerRuntime = () => loadChunk(() => import('./ModelerRuntime'));

let preloading = false;

/**
 * Loads the designer's code in the browser's idle time, ahead of a click on 设计 or 新建: `designer` (the screen's
 * own dialog chunk) and the bpmn-js modeler behind it, so that opening the designer waits only for the model and
 * for drawing it. Where the browser cannot tell idle time, nothing is loaded ahead. A failure is forgotten (the
 * dialog loads the code itself, with its own error).
 */
export function preloadDesigner(designer: () => Promise<unknown>): () => void {
  if (preloading || typeof window === 'undefined' || !('requestIdleCallback' in window)) return () => {};
  const handle = window.requestIdleCallback(
    () => {
      preloading = true;
      Promise.all([designer(), loadModelerRuntime()]).catch(() => {
        preloading = false;
      });
    },
    { timeout: 3000 },
  );
  return () => window.cancelIdleCallback(handle);
}
