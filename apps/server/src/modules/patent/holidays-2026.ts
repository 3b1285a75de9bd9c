/**
 * China's 2026 public holidays and make-up workdays (调休), as the State Council's notice on the 2026 holiday
 * schedule (国办发明电〔2025〕7号) sets them, written from memory of that notice: administrators must check it
 * against the published text on the 专利 › 节假日 screen, and add each later year there when it is announced.
 * `isWorkday: 1` marks a weekend day that is worked; every other row is a day off.
 */
export const CN_CALENDAR_2026: ReadonlyArray<{ date: string; isWorkday: 0 | 1; note: string }> = [
  ...range('2026-01-01', 3, '元旦'),
  { date: '2026-01-04', isWorkday: 1, note: '元旦调休上班' },
  { date: '2026-02-14', isWorkday: 1, note: '春节调休上班' },
  ...range('2026-02-15', 9, '春节'),
  { date: '2026-02-28', isWorkday: 1, note: '春节调休上班' },
  ...range('2026-04-04', 3, '清明节'),
  ...range('2026-05-01', 5, '劳动节'),
  { date: '2026-05-09', isWorkday: 1, note: '劳动节调休上班' },
  ...range('2026-06-19', 3, '端午节'),
  { date: '2026-09-20', isWorkday: 1, note: '国庆节调休上班' },
  ...range('2026-09-25', 3, '中秋节'),
  ...range('2026-10-01', 7, '国庆节'),
  { date: '2026-10-10', isWorkday: 1, note: '国庆节调休上班' },
];

function range(
  first: string,
  days: number,
  note: string,
): Array<{ date: string; isWorkday: 0; note: string }> {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    isWorkday: 0 as const,
    note,
  }));
}
