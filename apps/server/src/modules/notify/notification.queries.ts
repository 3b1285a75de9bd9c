import type { NotificationKind } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import { withPlatformScope } from '../../db/row-scope.js';
import type { Database } from '../../db/types.js';
import { splitIds } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { liveIn } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

/**
 * The notification centre's SQL, and what other modules call to notify people: {@link notifyUsers} writes the
 * rows inside the caller's transaction (so a notification exists exactly when its event committed); the finders
 * name the people a kind of event goes to. The e-mail copy goes out later from the mail job (mailer.ts), never
 * inside the caller's transaction.
 */

export type Executor = Kysely<Database> | Transaction<Database>;

/** Longest stored title and body (the columns' sizes). */
const TITLE_MAX = 200;
const BODY_MAX = 2000;
/** A snowflake id as the tables store it. */
const ROW_ID = /^[1-9]\d{0,18}$/;

export interface NotificationDraft {
  kind: NotificationKind;
  title: string;
  body?: string;
  /** The console path that opens the subject (e.g. `/work/todo`). */
  link?: string;
  /**
   * The event's key when it may be announced more than once (a reminder job run again, a second instance): one row
   * per user and key whatever the number of writers.
   */
  dedupeKey?: string;
}

/**
 * Notifies the tenant's users `userIds` (duplicates and malformed ids dropped; ids that are not live users of the
 * tenant are skipped, so another tenant's user never receives a row). Answers how many rows were written.
 */
export async function notifyUsers(
  db: Executor,
  tenantId: string,
  userIds: Iterable<string | null | undefined>,
  draft: NotificationDraft,
): Promise<number> {
  const wanted = [...new Set([...userIds].map((id) => String(id ?? '')).filter((id) => ROW_ID.test(id)))];
  if (wanted.length === 0) return 0;
  const users = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', 'in', wanted)
    .execute();
  const stamp = now();
  let written = 0;
  for (const user of users) {
    const result = await db
      .insertInto('cubeNotification')
      .values({
        id: newId(),
        tenantId,
        userId: String(user.id),
        kind: draft.kind,
        title: draft.title.slice(0, TITLE_MAX),
        body: (draft.body ?? '').slice(0, BODY_MAX),
        link: draft.link ?? '',
        dedupeKey: draft.dedupeKey ?? null,
        readTime: null,
        mailState: 'pending',
        createTime: stamp,
      })
      .onConflict((oc) => oc.columns(['tenantId', 'userId', 'dedupeKey']).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return written;
}

/** The tenant's live, enabled users with their role and department lists. */
async function tenantUsers(db: Executor, tenantId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select(['id', 'roleId', 'deptId'])
    .where('status', '=', 1)
    .execute();
}

/** Ids of the tenant's roles with one of these aliases. */
async function roleIdsOf(db: Executor, tenantId: string, aliases: readonly string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set();
  const roles = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select('id')
    .where('roleAlias', 'in', [...aliases])
    .execute();
  return new Set(roles.map((r) => String(r.id)));
}

const holdsAny = (list: string, ids: Set<string>) => splitIds(list).some((id) => ids.has(id));

/** The tenant's enabled users holding a role with one of these aliases (a task's candidate groups). */
export async function usersOfRoleAliases(
  db: Executor,
  tenantId: string,
  aliases: readonly string[],
): Promise<string[]> {
  const roles = await roleIdsOf(db, tenantId, aliases);
  if (roles.size === 0) return [];
  return (await tenantUsers(db, tenantId)).filter((u) => holdsAny(u.roleId, roles)).map((u) => String(u.id));
}

/** The tenant's enabled users one of whose roles is granted the menu with this code (e.g. the lead screen). */
export async function usersHoldingMenu(db: Executor, tenantId: string, menuCode: string): Promise<string[]> {
  const grants = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .innerJoin('cubeRoleMenu', 'cubeRoleMenu.roleId', 'cubeRole.id')
    .innerJoin('cubeMenu', 'cubeMenu.id', 'cubeRoleMenu.menuId')
    .select('cubeRole.id as roleId')
    .where('cubeMenu.code', '=', menuCode)
    .$call(liveIn('cubeMenu'))
    .execute();
  const roles = new Set(grants.map((g) => String(g.roleId)));
  if (roles.size === 0) return [];
  return (await tenantUsers(db, tenantId)).filter((u) => holdsAny(u.roleId, roles)).map((u) => String(u.id));
}

/**
 * The managers over a user: enabled users holding a role with alias `alias` (`manager`) whose departments include
 * one of the user's departments or a department above them.
 */
export async function managersOver(
  db: Executor,
  tenantId: string,
  userId: string,
  alias = 'manager',
): Promise<string[]> {
  const users = await tenantUsers(db, tenantId);
  const subject = users.find((u) => String(u.id) === userId);
  if (!subject) return [];
  const own = splitIds(subject.deptId);
  if (own.length === 0) return [];
  const depts = await new TenantData(db, tenantId)
    .selectFrom('cubeDept')
    .select(['id', 'ancestors'])
    .where('id', 'in', own)
    .execute();
  const reach = new Set<string>(own);
  for (const d of depts) for (const id of splitIds(d.ancestors)) if (id !== '0') reach.add(id);
  const roles = await roleIdsOf(db, tenantId, [alias]);
  if (roles.size === 0) return [];
  return users
    .filter((u) => String(u.id) !== userId && holdsAny(u.roleId, roles) && holdsAny(u.deptId, reach))
    .map((u) => String(u.id));
}

// ---- the caller's own notifications (routes.ts) ----

const own = (db: Executor, tenantId: string, userId: string) =>
  db.selectFrom('cubeNotification').where('tenantId', '=', tenantId).where('userId', '=', userId);

/** One page of the caller's notifications, newest first. */
export async function notificationPage(
  db: Executor,
  tenantId: string,
  userId: string,
  query: { current: number; size: number; unread: boolean; kind?: string },
) {
  let rows = own(db, tenantId, userId);
  if (query.unread) rows = rows.where('readTime', 'is', null);
  if (query.kind) rows = rows.where('kind', '=', query.kind);
  const count = await rows.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst();
  const records = await rows
    .select(['id', 'kind', 'title', 'body', 'link', 'readTime', 'createTime'])
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset((query.current - 1) * query.size)
    .execute();
  return { total: Number(count?.total ?? 0), records };
}

export async function unreadCount(db: Executor, tenantId: string, userId: string): Promise<number> {
  const row = await own(db, tenantId, userId)
    .where('readTime', 'is', null)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Marks the caller's notifications read (all unread ones without `ids`); answers how many changed. */
export async function markRead(
  db: Executor,
  tenantId: string,
  userId: string,
  ids?: readonly string[],
): Promise<number> {
  let update = db
    .updateTable('cubeNotification')
    .set({ readTime: now() })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('readTime', 'is', null);
  if (ids) update = update.where('id', 'in', [...ids]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0n);
}

// ---- the e-mail copies (mailer.ts) ----

/** Pending mail copies of every tenant, oldest first, with the addressee's address. */
export function pendingMail(db: Kysely<Database>, limit: number) {
  return withPlatformScope(() =>
    db
      .selectFrom('cubeNotification')
      .leftJoin('cubeUser', 'cubeUser.id', 'cubeNotification.userId')
      .select([
        'cubeNotification.id',
        'cubeNotification.tenantId',
        'cubeNotification.title',
        'cubeNotification.body',
        'cubeUser.email',
      ])
      .where('cubeNotification.mailState', '=', 'pending')
      .orderBy('cubeNotification.id')
      .limit(limit)
      .execute(),
  );
}

/** Moves one copy from `from` to `to`; answers whether this caller made the move (one winner across instances). */
export async function moveMail(db: Kysely<Database>, id: string, from: string, to: string): Promise<boolean> {
  const result = await withPlatformScope(() =>
    db
      .updateTable('cubeNotification')
      .set({ mailState: to })
      .where('id', '=', id)
      .where('mailState', '=', from)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows ?? 0n) > 0;
}

/** A tenant's stored mail server, if any. */
export function smtpSettingsOf(db: Executor, tenantId: string) {
  return db
    .selectFrom('cubeNotificationSmtp')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
}

/** Every tenant's stored mail server. */
export function allSmtpSettings(db: Kysely<Database>) {
  return withPlatformScope(() => db.selectFrom('cubeNotificationSmtp').selectAll().execute());
}

/** Writes a tenant's mail server (insert or replace). */
export async function saveSmtpSettings(db: Executor, row: Database['cubeNotificationSmtp']): Promise<void> {
  const { tenantId, ...rest } = row;
  await db
    .insertInto('cubeNotificationSmtp')
    .values(row)
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(rest))
    .execute();
}

/** A user's own e-mail address in their tenant ('' when none is set). */
export async function emailOf(db: Executor, tenantId: string, userId: string): Promise<string> {
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email?.trim() ?? '';
}
