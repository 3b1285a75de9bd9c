/**
 * Patent time-limit arithmetic, pure: no clock, no database. Dates are ISO calendar days
 * (`YYYY-MM-DD`) computed in UTC so that the host's time zone never shifts a deadline by a day.
 *
 * The rules, as the Implementing Regulations state them and an attorney must confirm (see pat_deadline_rule):
 * - the first day of a period is not counted; a period in months ends on the corresponding day of the final month,
 *   or on that month's last day when it has no such day (Jan 31 + 1 month = Feb 28/29);
 * - a period ending on a day that is not a working day ends on the next working day; China's make-up workdays
 *   (调休, weekend days worked) count as working days and its statutory holidays do not, so the calendar is data
 *   ({@link WorkCalendar}), never derived from the weekday alone;
 * - official periods often run from the deemed receipt of a notice, whose rule is a setting ({@link ReceiptRule}).
 */

export type IsoDate = string;

/** Days the administrator marked: `true` = a working day (make-up workday), `false` = a holiday. */
export type WorkCalendar = ReadonlyMap<IsoDate, boolean>;

/**
 * How the deemed receipt date of an official notice is found.
 * - `dispatch_plus_15`: presumed received 15 days after the dispatch date (发文日 + 15), the long-standing rule for
 *   paper notices and, historically, electronic ones;
 * - `electronic_entry`: served on the day the document entered the recipient's electronic system (the 2023
 *   revision's electronic-service rule), which is the date recorded on the notice, or the dispatch date without one.
 */
export type ReceiptRule = 'dispatch_plus_15' | 'electronic_entry';
export const RECEIPT_RULES: readonly ReceiptRule[] = ['dispatch_plus_15', 'electronic_entry'];
export const RECEIPT_RULE_LABELS: Record<ReceiptRule, string> = {
  dispatch_plus_15: '发文日起15日推定收到',
  electronic_entry: '进入电子系统之日送达',
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: IsoDate): [number, number, number] {
  const m = ISO.exec(date);
  if (!m) throw new RangeError(`not an ISO date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d)
    throw new RangeError(`not a calendar date: ${date}`);
  return [y, mo, d];
}

export function isIsoDate(value: string): boolean {
  try {
    parts(value);
    return true;
  } catch {
    return false;
  }
}

function fromUtc(t: Date): IsoDate {
  return t.toISOString().slice(0, 10);
}

function toUtc(date: IsoDate): Date {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const t = toUtc(date);
  t.setUTCDate(t.getUTCDate() + days);
  return fromUtc(t);
}

/** The corresponding day `months` later (or earlier), clamped to the last day of a shorter month. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Mon–Fri unless the calendar says otherwise (a holiday on a weekday, a make-up workday on a weekend). */
export function isWorkingDay(date: IsoDate, calendar: WorkCalendar): boolean {
  const marked = calendar.get(date);
  if (marked !== undefined) return marked;
  const weekday = toUtc(date).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The date itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(date: IsoDate, calendar: WorkCalendar): IsoDate {
  let d = date;
  // Chinese holidays plus weekends never exceed a few weeks; the bound only guards a corrupt calendar.
  for (let i = 0; i < 366; i++) {
    if (isWorkingDay(d, calendar)) return d;
    d = addDays(d, 1);
  }
  throw new RangeError(`no working day within a year after ${date}`);
}

/** `n` working days before `date` (the date itself not counted). */
export function subtractWorkingDays(date: IsoDate, n: number, calendar: WorkCalendar): IsoDate {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addDays(d, -1);
    if (isWorkingDay(d, calendar)) left--;
  }
  return d;
}

export function deemedReceiptDate(
  dispatchDate: IsoDate,
  rule: ReceiptRule,
  enteredSystemDate?: IsoDate,
): IsoDate {
  parts(dispatchDate);
  if (rule === 'dispatch_plus_15') return addDays(dispatchDate, 15);
  if (!enteredSystemDate) return dispatchDate;
  parts(enteredSystemDate);
  return enteredSystemDate;
}

/** The raw end of a period (months first, then days) before any working-day shift. */
export function periodEnd(anchor: IsoDate, months: number, days: number): IsoDate {
  return addDays(addMonths(anchor, months), days);
}

export interface DeadlineDates {
  /** The end of the period as the law counts it, before the working-day shift. */
  periodEnd: IsoDate;
  /** 官方期限: the period end moved to the next working day. */
  official: IsoDate;
  /** 内部期限: `internalWorkdays` working days before the official date. */
  internal: IsoDate;
}

export function deadlineDates(
  anchor: IsoDate,
  period: { months: number; days: number; internalWorkdays: number },
  calendar: WorkCalendar,
): DeadlineDates {
  const end = periodEnd(anchor, period.months, period.days);
  const official = nextWorkingDay(end, calendar);
  return {
    periodEnd: end,
    official,
    internal: subtractWorkingDays(official, period.internalWorkdays, calendar),
  };
}

/** What a period runs from (pat_deadline_rule.anchor). */
export type DeadlineAnchor = 'receipt' | 'dispatch' | 'filing' | 'filing_or_receipt';
export const DEADLINE_ANCHORS: readonly DeadlineAnchor[] = [
  'receipt',
  'dispatch',
  'filing',
  'filing_or_receipt',
];

/**
 * Applies one rule to a notice. `filing_or_receipt` is the application-fee rule: `months` from the filing date or
 * `days` from receipt, whichever ends later. Answers `undefined` when the anchor date is unknown (no filing date).
 */
export function ruleDeadline(
  rule: { anchor: DeadlineAnchor; months: number; days: number; internalWorkdays: number },
  dates: { dispatch: IsoDate; receipt: IsoDate; filing?: IsoDate | null },
  calendar: WorkCalendar,
): DeadlineDates | undefined {
  const period = { months: rule.months, days: rule.days, internalWorkdays: rule.internalWorkdays };
  switch (rule.anchor) {
    case 'receipt':
      return deadlineDates(dates.receipt, period, calendar);
    case 'dispatch':
      return deadlineDates(dates.dispatch, period, calendar);
    case 'filing':
      return dates.filing ? deadlineDates(dates.filing, period, calendar) : undefined;
    case 'filing_or_receipt': {
      const fromReceipt = periodEnd(dates.receipt, 0, rule.days);
      const fromFiling = dates.filing ? periodEnd(dates.filing, rule.months, 0) : fromReceipt;
      // biome-ignore lint/complexity/useMathMinMax: ISO date strings, compared as text (Math.max would make NaN)
      const later = fromFiling > fromReceipt ? fromFiling : fromReceipt;
      const official = nextWorkingDay(later, calendar);
      return {
        periodEnd: later,
        official,
        internal: subtractWorkingDays(official, rule.internalWorkdays, calendar),
      };
    }
  }
}

/** Monday of the week holding `date` (the dashboard's "this week" runs Monday to Sunday). */
export function weekStart(date: IsoDate): IsoDate {
  const weekday = toUtc(date).getUTCDay();
  return addDays(date, weekday === 0 ? -6 : 1 - weekday);
}
