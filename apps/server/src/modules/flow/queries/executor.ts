import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { Author, CreateStamp } from '../../../platform/rows.js';

/** What the flow query files run on: the database or an open transaction (commands pass their transaction). */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Trx = Transaction<Database>;

/** A new row's own values: the audit stamp, `status` and `is_deleted` are added by the query that inserts it. */
export type OwnValues<Row> = Omit<Row, keyof CreateStamp | 'status' | 'isDeleted'>;

// biome-ignore lint/suspicious/noExplicitAny: joined selects over several tables
export type AnySelect = SelectQueryBuilder<any, any, object>;

/** The author of a write made for a user id that may be absent (the timer poller, the seed): absent is the system. */
export const authorOf = (userId: string | null, deptId?: string | null): Author | null =>
  userId ? { userId, deptId: deptId ?? null } : null;

/** Escapes `%`, `_` and `\` for a `like` pattern and wraps the text in `%…%`. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A snowflake id as the tables store it (a positive integer of at most 19 digits). */
export const ROW_ID = /^[1-9]\d{0,18}$/;
