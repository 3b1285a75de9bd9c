/** `yyyy-MM-dd HH:mm:ss`, the one date-time format of the API. */
export const DATE_TIME_REGEX = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** `yyyy-MM-dd`, accepted by date filters (a whole day). */
export const DATE_REGEX = /^\d{4}-\d{2}-\d{2}$/;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * True when `value` (`yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`) names a real calendar moment: `2024-02-30` or
 * `2024-01-01 24:00:00` are refused here rather than rolled over or handed to the database to fail on.
 */
export function isRealDateTime(value: string): boolean {
  if (!DATE_TIME_REGEX.test(value) && !DATE_REGEX.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (value.length === 10) return true;
  const hour = Number(value.slice(11, 13));
  const minute = Number(value.slice(14, 16));
  const second = Number(value.slice(17, 19));
  return hour <= 23 && minute <= 59 && second <= 59;
}
