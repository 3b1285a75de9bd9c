export * from './notice.js';
export * from './param.js';
