import { formatDateTime } from '../../platform/dates.js';

/** The server's calendar day (dates are in the server's time zone); the date arithmetic in dates.ts reads no clock. */
export const today = (): string => formatDateTime(new Date()).slice(0, 10);
