export * from './auth.js';
export * from './constants.js';
export * from './dates.js';
export * from './entities/index.js';
export * from './entity.js';
export * from './envelope.js';
export * from './patent-number.js';
export * from './storage.js';
