export * from './paging.js';
export * from './params.js';
export * from './register.js';
export * from './tree.js';
