import { DATE_TIME_FORMAT } from '@cube/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { CrudField, CrudMode } from './types';

/**
 * Conversions between records (what the API sends and takes) and antd form values, and the search form's
 * values to list filters. Pure functions, tested on their own.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';

export type FormValues = Record<string, unknown>;

export function fieldType(field: CrudField) {
  return field.type ?? 'text';
}

export function inTable(field: CrudField): boolean {
  return field.table !== false;
}

export function inForm(field: CrudField, mode: CrudMode): boolean {
  return mode === 'view' ? (field.view ?? field.form ?? true) : (field.form ?? true);
}

function isDateType(field: CrudField): boolean {
  const type = fieldType(field);
  return type === 'date' || type === 'datetime';
}

function toDayjs(value: unknown): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed : undefined;
}

function splitJoined(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A record as the form holds it: dates as dayjs, comma-joined tree choices as arrays. */
export function toFormValues(record: FormValues | undefined, fields: readonly CrudField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record ? record[field.name] : field.initialValue;
    if (isDateType(field)) values[field.name] = toDayjs(value);
    else if (fieldType(field) === 'tree' && field.tree?.multiple && field.tree.joined)
      values[field.name] = splitJoined(value);
    else values[field.name] = value;
  }
  return values;
}

/** Form values as the API takes them: dates formatted, multiple tree choices comma-joined if asked. */
export function fromFormValues(values: FormValues, fields: readonly CrudField[]): FormValues {
  const record: FormValues = {};
  for (const field of fields) {
    if (!(field.name in values)) continue;
    const value = values[field.name];
    if (isDateType(field)) {
      const date = dayjs.isDayjs(value) ? value : toDayjs(value);
      record[field.name] = date
        ? date.format(fieldType(field) === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT)
        : undefined;
    } else if (fieldType(field) === 'tree' && field.tree?.joined && Array.isArray(value)) {
      record[field.name] = value.join(',');
    } else {
      record[field.name] = value;
    }
  }
  return record;
}

/** The suffixes of a create-time style range filter. */
export const RANGE_AFTER = '_dategt';
export const RANGE_BEFORE = '_datelt';

/**
 * Search form values as list filters: text trimmed, blanks dropped, a date range as `<name>_dategt` (start of the
 * first day, or the chosen time) and `<name>_datelt` (end of the last day, or the chosen time).
 */
export function toSearchQuery(
  values: FormValues,
  fields: readonly CrudField[],
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const field of fields) {
    if (!field.search) continue;
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    if (isDateType(field)) {
      if (!Array.isArray(value)) continue;
      const [start, end] = value as [Dayjs | null | undefined, Dayjs | null | undefined];
      const dateOnly = fieldType(field) === 'date';
      if (start)
        query[`${field.name}${RANGE_AFTER}`] = (dateOnly ? start.startOf('day') : start).format(
          DATE_TIME_FORMAT,
        );
      if (end)
        query[`${field.name}${RANGE_BEFORE}`] = (dateOnly ? end.endOf('day') : end).format(DATE_TIME_FORMAT);
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0) query[field.name] = value.join(',');
      continue;
    }
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') query[field.name] = text;
      continue;
    }
    if (typeof value === 'number' || typeof value === 'boolean') query[field.name] = Number(value);
    else query[field.name] = String(value);
  }
  return query;
}
