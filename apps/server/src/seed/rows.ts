import { LIVE_ROW } from '../platform/rows.js';

/**
 * Seeded rows are enabled and live. Their audit columns come from `createStamp` (platform/rows.ts) like every
 * other write's: `{ ...createStamp(author, at), ...ENABLED_ROW }`, the author `null` for rows of the system.
 */
export const ENABLED_ROW = { status: 1, isDeleted: LIVE_ROW } as const;
