import {
  NOTIFICATION_DEADLINE_DAYS_DEFAULT,
  NOTIFICATION_DEADLINE_DAYS_PARAM,
  PATENT_RECEIPT_RULE_PARAM,
  PATENT_REMINDER_OFFSETS_DEFAULT,
  PATENT_REMINDER_OFFSETS_PARAM,
} from '@cube/contract';
import { Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../../db/connection.js';
import type { Database } from '../../../db/types.js';
import { DEFAULT_RETENTION_DAYS, LOG_RETENTION_PARAM } from '../../../platform/log-recorder.js';
import { live } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A system parameter the code reads: its key, and how the stored text (`undefined` when no live row has the key)
 * becomes the value the code uses, default included. Every key is declared once, in {@link PARAMS}.
 */
export interface ParamDefinition<T> {
  key: string;
  parse: (raw: string | undefined) => T;
}

const define = <T>(key: string, parse: (raw: string | undefined) => T): ParamDefinition<T> => ({
  key,
  parse,
});

/** Text parameter: the trimmed value, or `fallback` when it is absent or empty. */
export const textParam = (key: string, fallback: string): ParamDefinition<string> =>
  define(key, (raw) => raw?.trim() || fallback);

/** Whole-number parameter above zero: anything else (absent, empty, 0, negative, not a number) is `fallback`. */
export const positiveIntParam = (key: string, fallback: number): ParamDefinition<number> =>
  define(key, (raw) => {
    const value = Number(raw?.trim() || String(fallback));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  });

/** How a patent notice's receipt date is deemed when the notice does not state it. */
export const RECEIPT_RULE_VALUES = ['dispatch_plus_15', 'electronic_entry'] as const;
export type ReceiptRuleValue = (typeof RECEIPT_RULE_VALUES)[number];

/** Tenant menus a new tenant without a package receives when `tenant.default.menuCode` is not set. */
export const DEFAULT_TENANT_MENU_CODES =
  'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu,patent';

/** Every system parameter the server reads, with its type, default and parser. */
export const PARAMS = {
  /** Wrong passwords in a row before an account is locked. */
  accountFailCount: positiveIntParam('account.failCount', 5),
  /** Initial password of accounts created or reset without one; empty means a fresh random one each time. */
  accountInitPassword: textParam('account.initPassword', ''),
  /** Whether guests may register (anything but `false`, case-insensitive, keeps it open). */
  accountRegisterUser: define(
    'account.registerUser',
    (raw) => (raw?.trim() || 'true').toLowerCase() !== 'false',
  ),
  /** Receipt rule of patent notices; an unknown value is the default `dispatch_plus_15`. */
  patentReceiptRule: define(PATENT_RECEIPT_RULE_PARAM, (raw): ReceiptRuleValue => {
    const value = raw?.trim();
    return RECEIPT_RULE_VALUES.find((rule) => rule === value) ?? 'dispatch_plus_15';
  }),
  /**
   * Days before an official deadline when a reminder goes out (e.g. `30,7,1,0`): whole numbers 0–365, separated
   * by commas or spaces, deduplicated and ascending; none valid means the default list.
   */
  patentReminderDays: define(PATENT_REMINDER_OFFSETS_PARAM, (raw) => {
    const parsed = (raw ?? '')
      .split(/[,，\s]+/)
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 365);
    const offsets = parsed.length > 0 ? parsed : [...PATENT_REMINDER_OFFSETS_DEFAULT];
    return [...new Set(offsets)].sort((a, b) => a - b);
  }),
  /**
   * Days before a deadline's internal date when its agent is notified (0–365; 0 is the day itself); absent or
   * invalid is the default.
   */
  notifyDeadlineDays: define(NOTIFICATION_DEADLINE_DAYS_PARAM, (raw) => {
    const value = Number(raw?.trim() || String(NOTIFICATION_DEADLINE_DAYS_DEFAULT));
    return Number.isInteger(value) && value >= 0 && value <= 365 ? value : NOTIFICATION_DEADLINE_DAYS_DEFAULT;
  }),
  /**
   * Days a log row is kept; `0` keeps rows for ever. A set but empty value counts as 0; an absent row or a value
   * that is not a whole number ≥ 0 is the default.
   */
  logRetentionDays: define(LOG_RETENTION_PARAM, (raw) => {
    if (raw === undefined) return DEFAULT_RETENTION_DAYS;
    const value = Number(raw.trim());
    return Number.isInteger(value) && value >= 0 ? value : DEFAULT_RETENTION_DAYS;
  }),
  /** Account quota of a new tenant: a whole number ≥ -1 (-1 unlimited); absent or invalid is unlimited. */
  tenantAccountNumber: define('tenant.default.accountNumber', (raw) => {
    const value = Number(raw);
    return Number.isInteger(value) && value >= -1 ? value : -1;
  }),
  /** Menu codes a new tenant without a package receives (comma list). */
  tenantMenuCode: define('tenant.default.menuCode', (raw) => raw || DEFAULT_TENANT_MENU_CODES),
} as const;

export type ParamName = keyof typeof PARAMS;
export type ParamValue<N extends ParamName> = ReturnType<(typeof PARAMS)[N]['parse']>;

/** The stored text of a live parameter row, `undefined` without one. */
export async function rawParam(db: Executor | DatabaseHandle, key: string): Promise<string | undefined> {
  const executor = db instanceof Kysely ? db : db.db;
  const row = await executor
    .selectFrom('cubeParam')
    .select('paramValue')
    .where('paramKey', '=', key)
    .$call(live)
    .executeTakeFirst();
  return row?.paramValue ?? undefined;
}

/** A declared parameter, parsed: `readParam(db, 'patentReminderDays')` is a `number[]`. */
export async function readParam<N extends ParamName>(
  db: Executor | DatabaseHandle,
  name: N,
): Promise<ParamValue<N>> {
  const definition = PARAMS[name] as ParamDefinition<ParamValue<N>>;
  return definition.parse(await rawParam(db, definition.key));
}
