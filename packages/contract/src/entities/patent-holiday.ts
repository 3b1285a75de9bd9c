import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf } from '../entity.js';
import { boundedInt, requiredDay } from './patent-fields.js';

const messages = {
  dateRequired: '请输入日期',
  dateInvalid: '日期格式不正确',
  dateExists: '该日期已登记',
  workdayInvalid: '请选择是否上班',
} as const;

const limits = { note: 100 } as const;

/**
 * The holiday and make-up-workday calendar (节假日), platform-wide and kept by the platform
 * administrator from the State Council's yearly notice: `isWorkday = 0` marks a day off (a statutory holiday on a
 * weekday), `1` a weekend day that is worked (调休). Days not listed follow the weekday.
 */
export const patentHolidayEntity = defineEntity({
  name: 'patentHoliday',
  api: '/api/cube-patent/holiday',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    holidayDate: z.string(),
    isWorkday: z.number(),
    note: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    holidayDate: requiredDay(messages.dateRequired, messages.dateInvalid),
    isWorkday: boundedInt(0, 1, messages.workdayInvalid, 0),
    note: optionalText(limits.note),
  }),
  filters: { id: 'id', holidayDate: 'string', isWorkday: 'integer', note: 'string', createTime: 'date' },
  defaultOrder: [{ field: 'holidayDate', direction: 'asc' }],
  permissions: {
    read: 'patent_holiday',
    add: 'patent_holiday_add',
    edit: 'patent_holiday_edit',
    remove: 'patent_holiday_delete',
  },
  messages,
  limits,
  unique: [{ fields: ['holidayDate'], message: messages.dateExists }],
});

export type PatentHoliday = RecordOf<typeof patentHolidayEntity>;
