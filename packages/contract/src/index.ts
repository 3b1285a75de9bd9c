export * from './auth.js';
export * from './constants.js';
export * from './envelope.js';
export * from './storage.js';
