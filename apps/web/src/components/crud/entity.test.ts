import { type EntityDefinition, noticeEntity, paramEntity } from '@cube/contract';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '../../lib/i18n';
import enUS from '../../locales/en-US';
import zhCN from '../../locales/zh-CN';
import { entityFields, entityPermissions, translateEntityMessage } from './entity';

/** Every entity the console administers; a new screen's entity is added here. */
const ENTITIES: EntityDefinition[] = [paramEntity, noticeEntity];

const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('entity bindings', () => {
  beforeAll(() => {
    initI18n('zh');
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s: every field label and every contract message has a text in both languages',
    (_name, entity) => {
      const fields = entityFields(
        entity,
        Object.keys(entity.input.shape).map((name) => ({ name })),
      );
      for (const field of fields) {
        expect(lookup(zhCN, field.label), field.label).toEqual(expect.any(String));
        expect(lookup(enUS, field.label), field.label).toEqual(expect.any(String));
      }
      for (const [key, text] of Object.entries(entity.messages)) {
        // zh-CN repeats the contract's words verbatim; en-US translates each.
        expect(lookup(zhCN, `screens.${entity.name}.${key}`)).toBe(text);
        expect(lookup(enUS, `screens.${entity.name}.${key}`), key).toEqual(expect.any(String));
      }
    },
  );

  it('derives required messages, length limits and schema rules from the contract', async () => {
    const fields = entityFields(noticeEntity, [
      { name: 'title' },
      { name: 'releaseTime' },
      { name: 'content' },
    ]);
    const [title, releaseTime, content] = fields;
    expect(title).toMatchObject({
      label: 'screens.notice.title',
      required: 'screens.notice.titleRequired',
      maxLength: 255,
    });
    expect(content?.required).toBeUndefined();
    expect(content?.maxLength).toBe(20_000);
    const t = i18n.getFixedT('zh');
    const rule = releaseTime?.rules?.(t).at(-1) as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, '2024-02-30 09:00:00')).rejects.toThrow('通知时间格式不正确');
    await expect(rule.validator({}, '2024-02-29 09:00:00')).resolves.toBeUndefined();
    // Blank is the required rule's business, not the schema rule's.
    await expect(rule.validator({}, '')).resolves.toBeUndefined();
  });

  it('translates contract messages for other languages', async () => {
    await loadLanguage('en');
    const en = i18n.getFixedT('en');
    expect(translateEntityMessage(paramEntity, '参数键名已存在', en)).toBe(
      'The parameter key already exists',
    );
    expect(translateEntityMessage(paramEntity, '长度不能超过255个字符', en)).toBe(
      en('crud.maxLength', { max: 255 }),
    );
  });

  it('maps the entity permissions to the page buttons', () => {
    expect(entityPermissions(paramEntity)).toEqual({
      add: 'param_add',
      edit: 'param_edit',
      delete: 'param_delete',
      view: 'param_view',
    });
  });
});
