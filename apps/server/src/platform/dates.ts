/** Dates travel as `yyyy-MM-dd HH:mm:ss` in the server's time zone, and are stored the same way. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export const now = (): string => formatDateTime(new Date());

export const secondsFromNow = (seconds: number): string =>
  formatDateTime(new Date(Date.now() + seconds * 1000));

export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function parseDateTime(value: string): Date {
  const [d, t] = value.split(' ');
  const [y, mo, da] = (d ?? '').split('-').map(Number);
  const [h, mi, s] = (t ?? '00:00:00').split(':').map(Number);
  return new Date(y ?? 0, (mo ?? 1) - 1, da ?? 1, h ?? 0, mi ?? 0, s ?? 0);
}

export const isPast = (value: string | null | undefined): boolean =>
  !!value && parseDateTime(value).getTime() <= Date.now();
