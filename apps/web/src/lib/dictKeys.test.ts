import { describe, expect, it } from 'vitest';
import { convertDictKey, type DictItem, dictLabel, isDictItemList, toDictOptions } from './dictKeys';

const item = (dictKey: string, dictValue: string): DictItem => ({
  id: dictKey,
  parentId: '1',
  code: 'notice',
  dictKey,
  dictValue,
  sort: 1,
  remark: '',
});

describe('dictionary keys', () => {
  it('converts numeric keys to integers only when asked', () => {
    expect(convertDictKey('1', true)).toBe(1);
    expect(convertDictKey(' -3 ', true)).toBe(-3);
    expect(convertDictKey('1', false)).toBe('1');
    expect(convertDictKey('1.5', true)).toBe('1.5');
    expect(convertDictKey('a1', true)).toBe('a1');
    expect(convertDictKey('99999999999999999999', true)).toBe('99999999999999999999');
  });

  it('builds select options and finds labels', () => {
    const items = [item('1', '发布通知'), item('2', '批转通知')];
    expect(toDictOptions(items, true)).toEqual([
      { label: '发布通知', value: 1 },
      { label: '批转通知', value: 2 },
    ]);
    expect(toDictOptions(items)).toEqual([
      { label: '发布通知', value: '1' },
      { label: '批转通知', value: '2' },
    ]);
    expect(dictLabel(items, 2)).toBe('批转通知');
    expect(dictLabel(items, '1')).toBe('发布通知');
    expect(dictLabel(items, 3)).toBeUndefined();
    expect(dictLabel(undefined, 1)).toBeUndefined();
  });

  it('recognises a well-formed item list', () => {
    expect(isDictItemList([item('1', 'a')])).toBe(true);
    expect(isDictItemList([])).toBe(true);
    expect(isDictItemList({})).toBe(false);
    expect(isDictItemList([{ dictKey: 1 }])).toBe(false);
  });
});
