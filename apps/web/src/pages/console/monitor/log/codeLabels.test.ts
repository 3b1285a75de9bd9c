import { CLIENT_GRANT_TYPES, logErrorEntity, logUsualEntity } from '@cube/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { entityFields } from '../../../../components/crud';
import { CODE_SETS, type CodeSet, codeLabel } from '../../../../lib/codeLabels';
import { i18n, switchLanguage } from '../../../../lib/i18n';

/** The list columns that show a code, with the code set their cell formatter reads. */
const CODE_COLUMNS: Array<{ entity: Parameters<typeof entityFields>[0]; field: string; set: CodeSet }> = [
  { entity: logUsualEntity, field: 'logId', set: 'usualEvent' },
  { entity: logUsualEntity, field: 'logLevel', set: 'logLevel' },
  { entity: logErrorEntity, field: 'exceptionName', set: 'exceptionName' },
  { entity: logErrorEntity, field: 'serviceId', set: 'serviceId' },
];

const LATIN = /[A-Za-z]/;

describe('code labels', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('labels every known code of every set, in Chinese without a Latin letter and in English', async () => {
    for (const [set, codes] of Object.entries(CODE_SETS) as Array<[CodeSet, readonly string[]]>)
      for (const code of codes) {
        const label = codeLabel(set, code);
        expect(label, `${set} ${code}`).not.toBe(code);
        expect(label, `${set} ${code}`).not.toMatch(LATIN);
      }
    await switchLanguage('en');
    for (const [set, codes] of Object.entries(CODE_SETS) as Array<[CodeSet, readonly string[]]>)
      for (const code of codes) {
        const label = codeLabel(set, code);
        expect(label, `${set} ${code}`).not.toBe(code);
        expect(label, `${set} ${code}`).not.toMatch(/[\u4e00-\u9fa5]/);
      }
  });

  it('covers every grant type a client may hold, and shows an unknown code as it is', () => {
    expect([...CODE_SETS.grantType]).toEqual([...CLIENT_GRANT_TYPES]);
    expect(codeLabel('grantType', 'refresh_token')).toBe('刷新令牌');
    expect(codeLabel('usualEvent', 'auth.login')).toBe('登录成功');
    expect(codeLabel('usualEvent', 'some.new_event')).toBe('some.new_event');
    expect(codeLabel('logLevel', null)).toBe('');
  });

  it('renders the list cells of the log screens through the labels, never the raw code', async () => {
    const fieldsOf: Record<string, ReturnType<typeof entityFields>> = {
      [logUsualEntity.name]: (await import('./UsualLogPage')).usualLogFields,
      [logErrorEntity.name]: (await import('./ErrorLogPage')).errorLogFields,
    };
    for (const { entity, field, set } of CODE_COLUMNS) {
      const column = fieldsOf[entity.name]?.find((f) => f.name === field);
      const render = column?.table && typeof column.table === 'object' ? column.table.render : undefined;
      expect(render, `${entity.name}.${field}`).toBeTypeOf('function');
      for (const code of CODE_SETS[set]) {
        const cell = render?.(code, {});
        expect(cell, `${entity.name}.${field} ${code}`).toBe(codeLabel(set, code));
        expect(cell, `${entity.name}.${field} ${code}`).not.toBe(code);
      }
    }
  }, 90_000);
});
