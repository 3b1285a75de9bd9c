import { SCREEN_TITLES } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import enUS from './en-US';
import zhCN from './zh-CN';

/** Every `a.b.c` key of a catalogue with its text. */
function entries(tree: unknown, prefix = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    entries(value, prefix ? `${prefix}.${key}` : key),
  );
}

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;

/** English texts that are Chinese on purpose: the language menu names each language in its own words. */
const CHINESE_IN_ENGLISH = new Set(['language.zh']);

describe('message catalogues', () => {
  const zh = new Map(entries(zhCN));
  const en = new Map(entries(enUS));

  it('zh-CN and en-US have the same keys', () => {
    expect([...en.keys()].filter((key) => !zh.has(key))).toEqual([]);
    expect([...zh.keys()].filter((key) => !en.has(key))).toEqual([]);
  });

  it('every en-US text is translated (no Chinese left in English mode)', () => {
    const untranslated = [...en].filter(([key, text]) => CJK.test(text) && !CHINESE_IN_ENGLISH.has(key));
    expect(untranslated.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('every seeded menu and screen title has its English label', () => {
    for (const code of Object.keys(SCREEN_TITLES)) {
      expect(zh.get(`menu.${code}`), code).toBe(SCREEN_TITLES[code as keyof typeof SCREEN_TITLES]);
      expect(en.get(`menu.${code}`), code).toMatch(/^[^\u3400-\u9fff]+$/);
    }
  });
});
