/**
 * Dictionary items as `dict/dictionary` and `dict-biz/dictionary` answer them, and the conversion of their keys
 * (a key converts to an integer when it is numeric and the conversion is asked for).
 */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
}

export type DictKey = string | number;

export interface DictOption {
  label: string;
  value: DictKey;
}

const INTEGER_PATTERN = /^[+-]?\d+$/;

/** The key as it is, or as an integer when `toInteger` is set and the key is an integer within safe range. */
export function convertDictKey(key: string, toInteger: boolean): DictKey {
  if (!toInteger) return key;
  const text = key.trim();
  if (!INTEGER_PATTERN.test(text)) return key;
  const number = Number.parseInt(text, 10);
  return Number.isSafeInteger(number) ? number : key;
}

/** Select options from dictionary items, in the server's order. */
export function toDictOptions(items: readonly DictItem[], toInteger = false): DictOption[] {
  return items.map((item) => ({ label: item.dictValue, value: convertDictKey(item.dictKey, toInteger) }));
}

/** The label of a stored value (`1` and `'1'` match the same key); `undefined` when it is no key. */
export function dictLabel(items: readonly DictItem[] | undefined, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const key = String(value);
  return items?.find((item) => item.dictKey === key)?.dictValue;
}

/** True for a well-formed item list (what a cache may hold). */
export function isDictItemList(value: unknown): value is DictItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as DictItem).dictKey === 'string' &&
        typeof (item as DictItem).dictValue === 'string',
    )
  );
}
