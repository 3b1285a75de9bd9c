export * from './paging.js';
export * from './params.js';
export * from './register.js';
export { dynamic, scopedRows, scopedUpdate } from './target.js';
export * from './tree.js';
export { TreeMessage } from './tree-reads.js';
export * from './types.js';
export * from './write.js';
