import { describe, expect, it } from 'vitest';
import {
  addMonths,
  deadlineDates,
  deemedReceiptDate,
  isIsoDate,
  isWorkingDay,
  nextWorkingDay,
  ruleDeadline,
  subtractWorkingDays,
  type WorkCalendar,
  weekStart,
} from './dates.js';
import { CN_CALENDAR_2026 } from './holidays-2026.js';

/** Pure date arithmetic of patent time limits; every expected date was worked out by hand. */
const cal2026: WorkCalendar = new Map(CN_CALENDAR_2026.map((d) => [d.date, d.isWorkday === 1]));
const none: WorkCalendar = new Map();

describe('months: corresponding day, else the last day of the month', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-12-31', 2, '2027-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-05-10', 36, '2029-05-10'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(from, months)).toBe(expected);
  });

  it('leap days: Feb 29 + 12 months is Feb 28, + 48 months is Feb 29 again', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2023-02-28', 12)).toBe('2024-02-28');
  });

  it('refuses dates that do not exist', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(() => addMonths('2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('working days', () => {
  it('weekends are not working days without a calendar entry', () => {
    expect(isWorkingDay('2026-11-28', none)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-30', none)).toBe(true); // Monday
    expect(nextWorkingDay('2026-11-28', none)).toBe('2026-11-30');
  });

  it('a deadline on a holiday moves to the first working day after it', () => {
    // National Day 1–7 October 2026; Thursday the 8th is a working day.
    expect(nextWorkingDay('2026-10-01', cal2026)).toBe('2026-10-08');
    // Spring Festival 15–23 February 2026 (Sunday to Monday); Tuesday the 24th.
    expect(nextWorkingDay('2026-02-15', cal2026)).toBe('2026-02-24');
    // Qingming 4–6 April (Saturday to Monday).
    expect(nextWorkingDay('2026-04-04', cal2026)).toBe('2026-04-07');
  });

  it('make-up workdays (调休) count as working days', () => {
    expect(isWorkingDay('2026-10-10', cal2026)).toBe(true); // Saturday, worked
    expect(nextWorkingDay('2026-10-10', cal2026)).toBe('2026-10-10');
    expect(nextWorkingDay('2026-02-14', cal2026)).toBe('2026-02-14');
    expect(nextWorkingDay('2026-02-14', none)).toBe('2026-02-16');
    // Counting back over Sunday 20 September 2026, a make-up workday.
    expect(subtractWorkingDays('2026-09-22', 2, cal2026)).toBe('2026-09-20');
    expect(subtractWorkingDays('2026-09-22', 2, none)).toBe('2026-09-18');
  });

  it('the internal date skips holidays and weekends counting back', () => {
    // Official 8 October 2026: 30 Sep (1), 29 (2), 28 (3), 25–27 Mid-Autumn off, 24 (4), 23 (5).
    expect(subtractWorkingDays('2026-10-08', 5, cal2026)).toBe('2026-09-23');
    expect(subtractWorkingDays('2026-10-08', 0, cal2026)).toBe('2026-10-08');
  });

  it('weeks start on Monday', () => {
    expect(weekStart('2026-11-24')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
  });
});

describe('receipt rules', () => {
  it('dispatch + 15 days, not moved even when it falls on a holiday', () => {
    expect(deemedReceiptDate('2026-07-17', 'dispatch_plus_15')).toBe('2026-08-01');
    expect(deemedReceiptDate('2026-09-10', 'dispatch_plus_15')).toBe('2026-09-25');
    expect(deemedReceiptDate('2026-12-20', 'dispatch_plus_15')).toBe('2027-01-04');
  });

  it('electronic service: the day the document entered the system, else the dispatch date', () => {
    expect(deemedReceiptDate('2026-07-17', 'electronic_entry')).toBe('2026-07-17');
    expect(deemedReceiptDate('2026-07-17', 'electronic_entry', '2026-07-18')).toBe('2026-07-18');
  });
});

describe('deadlines from a notice', () => {
  it('office action: dispatch 17 Jul 2026 → receipt 1 Aug → 2 months = 1 Oct (holiday) → 8 Oct; internal −5 → 23 Sep', () => {
    const receipt = deemedReceiptDate('2026-07-17', 'dispatch_plus_15');
    expect(deadlineDates(receipt, { months: 2, days: 0, internalWorkdays: 5 }, cal2026)).toEqual({
      periodEnd: '2026-10-01',
      official: '2026-10-08',
      internal: '2026-09-23',
    });
  });

  it('the same notice under the electronic rule ends on 17 Sep 2026 (Thursday)', () => {
    const receipt = deemedReceiptDate('2026-07-17', 'electronic_entry');
    expect(deadlineDates(receipt, { months: 2, days: 0, internalWorkdays: 3 }, cal2026)).toEqual({
      periodEnd: '2026-09-17',
      official: '2026-09-17',
      internal: '2026-09-14',
    });
  });

  it('SE request within 3 years of a leap-day filing: 28 Feb 2027 is a Sunday → 1 Mar 2027', () => {
    expect(
      ruleDeadline(
        { anchor: 'filing', months: 36, days: 0, internalWorkdays: 10 },
        { dispatch: '2024-03-10', receipt: '2024-03-25', filing: '2024-02-29' },
        none,
      ),
    ).toEqual({ periodEnd: '2027-02-28', official: '2027-03-01', internal: '2027-02-15' });
  });

  it('filing-based rules answer nothing without a filing date', () => {
    expect(
      ruleDeadline(
        { anchor: 'filing', months: 36, days: 0, internalWorkdays: 10 },
        { dispatch: '2026-03-10', receipt: '2026-03-25', filing: null },
        none,
      ),
    ).toBeUndefined();
  });

  it('application fee: 2 months from filing or 15 days from receipt, whichever ends later', () => {
    const rule = { anchor: 'filing_or_receipt' as const, months: 2, days: 15, internalWorkdays: 2 };
    // Filing + 2 months (10 May, Sunday) is later than receipt + 15 (15 April) → Monday 11 May; two working days
    // back are Saturday 9 May (a make-up workday) and Friday 8 May.
    expect(
      ruleDeadline(rule, { dispatch: '2026-03-16', receipt: '2026-03-31', filing: '2026-03-10' }, cal2026),
    ).toEqual({ periodEnd: '2026-05-10', official: '2026-05-11', internal: '2026-05-08' });
    // Receipt + 15 (4 April, Qingming) is later than filing + 2 months (5 March) → Tuesday 7 April.
    expect(
      ruleDeadline(rule, { dispatch: '2026-03-05', receipt: '2026-03-20', filing: '2026-01-05' }, cal2026),
    ).toEqual({ periodEnd: '2026-04-04', official: '2026-04-07', internal: '2026-04-02' });
  });

  it('dispatch-anchored rules run from the dispatch date', () => {
    expect(
      ruleDeadline(
        { anchor: 'dispatch', months: 0, days: 10, internalWorkdays: 1 },
        { dispatch: '2026-09-15', receipt: '2026-09-30' },
        cal2026,
      ),
    ).toEqual({ periodEnd: '2026-09-25', official: '2026-09-28', internal: '2026-09-24' });
  });
});
