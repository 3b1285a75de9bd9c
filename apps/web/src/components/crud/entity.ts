import { CommonMessage, type EntityDefinition, type FieldOf } from '@cube/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { CrudField, CrudPermissions, MessageKey } from './types';
import { fromFormValues } from './values';

/**
 * Binds a console screen to its contract definition (packages/contract/src/entities): the field list names
 * record fields (a typo is a compile error), labels come from `screens.<entity>.<field>`, and each form field is
 * validated by the entity's own input schema — the same rules and the same Chinese messages the server answers
 * with, translated through `screens.<entity>.<messageKey>` for other languages.
 */
export type EntityFieldSpec<E extends EntityDefinition> = Omit<CrudField, 'name' | 'label'> & {
  name: FieldOf<E['record']>;
  /** Defaults to `screens.<entity>.<name>`. */
  label?: MessageKey;
};

type FieldSchema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } };
};

/** The i18n key of one of the entity's messages, or undefined when the text is not one of them. */
export function entityMessageKey(entity: EntityDefinition, message: string): MessageKey | undefined {
  const key = Object.entries(entity.messages).find(([, text]) => text === message)?.[0];
  return key ? (`screens.${entity.name}.${key}` as MessageKey) : undefined;
}

/** A message of the entity's schema in the current language (generic length messages through `crud.maxLength`). */
export function translateEntityMessage(entity: EntityDefinition, message: string, t: TFunction): string {
  const key = entityMessageKey(entity, message);
  if (key) return t(key);
  const tooLong = /^长度不能超过(\d+)个字符$/.exec(message);
  if (tooLong) return t('crud.maxLength', { max: Number(tooLong[1]) });
  return message;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The CrudPage fields of a screen, completed from its entity definition. */
export function entityFields<E extends EntityDefinition>(
  entity: E,
  specs: ReadonlyArray<EntityFieldSpec<E> | CrudField>,
): CrudField[] {
  const inputShape = entity.input.shape as Record<string, FieldSchema>;
  const limits = entity.limits as Record<string, number | undefined>;
  return specs.map((spec) => {
    const name = spec.name as string;
    const field: CrudField = {
      ...spec,
      name,
      label: spec.label ?? (`screens.${entity.name}.${name}` as MessageKey),
    };
    const schema = inputShape[name];
    if (!schema) return field;
    const missing = schema.safeParse(undefined);
    if (!missing.success && field.required === undefined) {
      const message = missing.error?.issues[0]?.message ?? '';
      field.required = entityMessageKey(entity, message);
    }
    const max = limits[name];
    if (max !== undefined && field.maxLength === undefined) field.maxLength = max;
    const declared = spec.rules;
    field.rules = (t: TFunction): Rule[] => [
      ...(declared ? declared(t) : []),
      {
        // Blank values are the `required` rule's, too-long ones the length rule's (with the counter); every
        // other rule of the schema (formats, ranges, real dates) is checked here with the server's message.
        validator: async (_rule, value) => {
          if (isBlank(value)) return;
          // The value as it will be sent (a date picker holds a dayjs object; the API takes formatted text).
          const sent = fromFormValues({ [name]: value }, [field])[name];
          const result = schema.safeParse(sent);
          if (result.success) return;
          const message = result.error?.issues[0]?.message ?? '';
          if (max !== undefined && (message === CommonMessage.tooLong(max) || String(value).length > max))
            return;
          throw new Error(translateEntityMessage(entity, message, t));
        },
      },
    ];
    return field;
  });
}

/** The screen's button codes, from the entity's permissions. */
export function entityPermissions(entity: EntityDefinition): CrudPermissions {
  const p = entity.permissions;
  return {
    ...(p.add ? { add: p.add } : {}),
    ...(p.edit ? { edit: p.edit } : {}),
    ...(p.remove ? { delete: p.remove } : {}),
    ...(p.view ? { view: p.view } : {}),
  };
}
