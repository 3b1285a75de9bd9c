import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { CrudField } from './types';
import { fromFormValues, inForm, toFormValues, toSearchQuery } from './values';

const fields: CrudField[] = [
  { name: 'title', label: 'screens.notice.title', search: true },
  {
    name: 'category',
    label: 'screens.notice.category',
    type: 'dict',
    dict: { code: 'notice' },
    search: true,
  },
  { name: 'releaseTime', label: 'screens.notice.releaseTime', type: 'datetime' },
  { name: 'createTime', label: 'crud.createTime', type: 'datetime', search: true, form: false },
  { name: 'day', label: 'crud.startTime', type: 'date', search: true },
  {
    name: 'menuId',
    label: 'crud.actions',
    type: 'tree',
    tree: { queryKey: ['menu'], load: async () => [], multiple: true, joined: true },
  },
];

describe('CRUD value conversion', () => {
  it('turns search values into filters, with the create-time range as _dategt/_datelt', () => {
    const query = toSearchQuery(
      {
        title: '  年度  ',
        category: 2,
        createTime: [dayjs('2026-01-01 00:00:00'), dayjs('2026-01-31 23:59:59')],
        day: [dayjs('2026-02-01 10:00:00'), dayjs('2026-02-03 08:00:00')],
      },
      fields,
    );
    expect(query).toEqual({
      title: '年度',
      category: 2,
      createTime_dategt: '2026-01-01 00:00:00',
      createTime_datelt: '2026-01-31 23:59:59',
      day_dategt: '2026-02-01 00:00:00',
      day_datelt: '2026-02-03 23:59:59',
    });
  });

  it('drops blank search values', () => {
    expect(toSearchQuery({ title: '   ', category: undefined, createTime: null }, fields)).toEqual({});
  });

  it('converts records to form values and back', () => {
    const record = { title: 'a', category: 1, releaseTime: '2026-03-01 08:30:00', menuId: '1,2' };
    const values = toFormValues(record, fields);
    expect(dayjs.isDayjs(values.releaseTime)).toBe(true);
    expect(values.menuId).toEqual(['1', '2']);
    expect(fromFormValues(values, fields)).toEqual({
      title: 'a',
      category: 1,
      releaseTime: '2026-03-01 08:30:00',
      createTime: undefined,
      day: undefined,
      menuId: '1,2',
    });
  });

  it('uses initial values for a new record and knows where a field shows', () => {
    expect(toFormValues(undefined, [{ name: 'sort', label: 'crud.add', initialValue: 1 }])).toEqual({
      sort: 1,
    });
    const createTime = fields[3]!;
    expect(inForm(createTime, 'add')).toBe(false);
    expect(inForm(createTime, 'view')).toBe(false);
    expect(inForm({ ...createTime, view: true }, 'view')).toBe(true);
  });
});
