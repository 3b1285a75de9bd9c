import { USER_EXCEL_COLUMNS, type UserImportError, type UserImportResult, userEntity } from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type RequestContext, splitIds } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { keepOwnReach } from '../../platform/own-reach.js';
import { createStamp, LIVE_ROW } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';
import { accountSkeleton, syncUserDepts } from '../identity/account-rules.js';
import { tenantAccounts } from '../identity/user.queries.js';
import { AdminGuard, assertQuota, hashAll, hashPlainPassword, initialPassword } from './admin-rules.js';
import {
  importLookups,
  insertUsers,
  revokeSessionsOf,
  updateImportedUser,
  usersWithAccounts,
} from './import.queries.js';

/** One sheet row as text cells (1-based row number as Excel shows it). */
export interface ImportRow {
  row: number;
  cells: string[];
}

export const IMPORT_MAX_ROWS = 20_000;
const REQUIRED_HEADERS = ['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门'];
const LIST_SEPARATOR = /[,，、;；]/;
const SEX: Record<string, number> = { 男: 1, 女: 2, 未知: 3, '1': 1, '2': 2, '3': 3, '': 3 };

/**
 * A date cell as `yyyy-MM-dd`: typed text, or the day number Excel stores for a date (the streaming reader does not
 * load styles, so date cells arrive as numbers).
 */
export function excelDate(text: string): string {
  if (/^\d+(\.\d+)?$/.test(text)) {
    const serial = Number(text);
    // Day 0 is 1899-12-30 (Excel counts a 29 February 1900 that never was).
    if (serial > 0 && serial < 2_958_466)
      return new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
  }
  return text.slice(0, 10);
}

/** Which sheet column an input field's problem belongs to. */
const HEADER_OF: Record<string, string> = {
  ...Object.fromEntries(USER_EXCEL_COLUMNS.map((c) => [c.field, c.header])),
  roleId: '所属角色',
  deptId: '所属部门',
  postId: '所属岗位',
};

interface Candidate {
  row: number;
  values: Omit<z.output<typeof userEntity.input>, 'password' | 'status'>;
  password: string;
  existing?: { id: string; roleId: string; deptId: string; status: number };
}

/** Name → ids lookups of the tenant's roles, departments (by name or path) and posts. */
async function loadNames(trx: TenantData) {
  const [roles, depts, posts] = await importLookups(trx);
  const multi = <T>(rows: T[], keys: (r: T) => string[]) => {
    const map = new Map<string, Set<string>>();
    for (const r of rows)
      for (const k of keys(r)) {
        if (!k) continue;
        const set = map.get(k) ?? new Set<string>();
        set.add((r as { id: string }).id);
        map.set(k, set);
      }
    return map;
  };
  const byId = new Map(depts.map((d) => [d.id, d]));
  const path = (id: string, depth = 0): string => {
    const d = byId.get(id);
    if (!d || depth > 64) return '';
    return d.parentId !== '0' && byId.has(d.parentId)
      ? `${path(d.parentId, depth + 1)}/${d.deptName}`
      : d.deptName;
  };
  const deptPaths = new Map(depts.map((d) => [path(d.id), d.id]));
  return {
    roles: multi(roles, (r) => [r.roleName, r.roleAlias]),
    depts: multi(depts, (d) => [d.deptName]),
    deptPaths,
    posts: multi(posts, (p) => [p.postName, p.postCode]),
  };
}

/**
 * Imports users from sheet rows: every row is checked first (columns, the entity's rules, names of roles,
 * departments and posts, repeated accounts, existing accounts unless `covered`), and nothing is written unless
 * the whole file passes; then one transaction inserts the new accounts in batches, updates the covered ones and
 * rewrites their department rows. Rows without a password share one initial password, hashed once.
 */
export async function importUsers(
  deps: AppDeps,
  ctx: RequestContext,
  rows: ImportRow[],
  covered: boolean,
  log: FastifyBaseLogger,
): Promise<UserImportResult> {
  const started = Date.now();
  const errors: UserImportError[] = [];
  const fail = (row: number, column: string, message: string) => {
    if (errors.length < 1000) errors.push({ row, column, message });
  };
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c !== ''));
  const header = nonEmpty[0];
  if (!header) throw new BizError('导入文件中没有数据');
  const index = new Map<string, number>();
  header.cells.forEach((text, i) => {
    if (text) index.set(text.replace(/\s/g, ''), i);
  });
  for (const h of REQUIRED_HEADERS) if (!index.has(h)) fail(header.row, h, `缺少“${h}”列，请使用导入模板`);
  if (errors.length > 0) return { total: 0, inserted: 0, updated: 0, errors };
  const data = nonEmpty.slice(1);
  if (data.length === 0) throw new BizError('导入文件中没有数据');
  if (data.length > IMPORT_MAX_ROWS) throw new BizError(`单次最多导入${IMPORT_MAX_ROWS}条数据`);

  const db = deps.db.db;
  const tenant = new TenantData(db, ctx.tenantId);
  const names = await loadNames(tenant);
  const guard = await AdminGuard.load(db, ctx);
  const cell = (r: ImportRow, h: string) => {
    const i = index.get(h);
    return i === undefined ? '' : (r.cells[i] ?? '');
  };
  const resolve = (
    text: string,
    lookup: Map<string, Set<string>>,
    what: string,
    row: number,
    column: string,
    paths?: Map<string, string>,
  ): string => {
    const ids: string[] = [];
    for (const raw of text.split(LIST_SEPARATOR)) {
      const name = raw.trim();
      if (!name) continue;
      const byPath = paths?.get(name.replace(/\s*\/\s*/g, '/'));
      if (byPath) {
        ids.push(byPath);
        continue;
      }
      const found = lookup.get(name);
      if (!found) fail(row, column, `${what}“${name}”不存在`);
      else if (found.size > 1)
        fail(row, column, `${what}“${name}”有重名，请填写完整路径，如 上级部门/${name}`);
      else ids.push([...found][0]!);
    }
    return [...new Set(ids)].join(',');
  };

  const candidates: Candidate[] = [];
  const seen = new Map<string, number>();
  for (const r of data) {
    const before = errors.length;
    const sexText = cell(r, '性别');
    const sex = SEX[sexText];
    if (sex === undefined) fail(r.row, '性别', '性别应填写 男、女 或 未知');
    const input = {
      account: cell(r, '登录账号'),
      name: cell(r, '用户昵称'),
      realName: cell(r, '用户姓名'),
      phone: cell(r, '手机号码'),
      email: cell(r, '电子邮箱'),
      sex: sex ?? 3,
      birthday: excelDate(cell(r, '生日')),
      code: cell(r, '用户编号'),
      roleId: resolve(cell(r, '所属角色'), names.roles, '角色', r.row, '所属角色'),
      deptId: resolve(cell(r, '所属部门'), names.depts, '部门', r.row, '所属部门', names.deptPaths),
      postId: resolve(cell(r, '所属岗位'), names.posts, '岗位', r.row, '所属岗位'),
      password: cell(r, '初始密码'),
    };
    const parsed = userEntity.input.safeParse(input);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = HEADER_OF[String(issue.path[0])] ?? String(issue.path[0]);
        // A name that did not resolve already said why; "please choose" on top of it says nothing more.
        if (reported.has(column) || errors.slice(before).some((e) => e.column === column)) continue;
        reported.add(column);
        fail(r.row, column, issue.message);
      }
    }
    const account = input.account;
    if (account) {
      const first = seen.get(account);
      if (first !== undefined) fail(r.row, '登录账号', `账号与第${first}行重复`);
      else seen.set(account, r.row);
    }
    if (parsed.success && errors.length === before) {
      const { password, status: _status, ...values } = parsed.data;
      try {
        guard.assignable(values.roleId);
      } catch (error) {
        fail(r.row, '所属角色', (error as Error).message);
        continue;
      }
      candidates.push({ row: r.row, values, password });
    }
  }

  // Accounts that exist already: refused, or (covered) updated in place.
  const accounts = candidates.map((c) => c.values.account);
  const existing = new Map<string, { id: string; roleId: string; deptId: string; status: number }>();
  for (let i = 0; i < accounts.length; i += 500) {
    const found = await usersWithAccounts(tenant, accounts.slice(i, i + 500));
    for (const u of found) existing.set(u.account, u);
  }
  for (const c of candidates) {
    const found = existing.get(c.values.account);
    if (!found) continue;
    if (!covered) fail(c.row, '登录账号', '账号已存在；如需更新已有账号，请选择“覆盖已有账号”');
    else if (!guard.callerIsAdmin && guard.isAdminUser(found.roleId))
      fail(c.row, '登录账号', '无权修改管理员账号');
    else c.existing = found;
  }
  // New accounts that read like an existing one (`adm1n` beside `admin`), as on the user screen: the tenant's
  // accounts are read once and compared by skeleton.
  const added = candidates.filter((c) => !c.existing);
  if (added.length > 0) {
    const bySkeleton = new Map<string, string>();
    for (const account of await tenantAccounts(deps.db.db, ctx.tenantId))
      bySkeleton.set(accountSkeleton(account), account);
    for (const c of added) {
      const like = bySkeleton.get(accountSkeleton(c.values.account));
      if (like !== undefined && like !== c.values.account)
        fail(c.row, '登录账号', `${userEntity.messages.accountLookalike}（${like}）`);
    }
  }
  if (errors.length > 0) return { total: data.length, inserted: 0, updated: 0, errors };

  const fresh = candidates.filter((c) => !c.existing);
  const updates = candidates.filter((c) => c.existing);
  // argon2 costs tens of milliseconds per hash: rows without a password share one initial password hashed once;
  // only rows that bring their own are hashed one by one (a few at a time on the thread pool).
  const needInitial = fresh.some((c) => !c.password);
  const initial = needInitial ? await initialPassword(deps.db) : undefined;
  const initialHash = initial ? await hashPlainPassword(initial.plain) : '';
  const own = candidates.filter((c) => c.password);
  const ownHashes = await hashAll(own.map((c) => c.password));
  const hashOf = new Map(own.map((c, i) => [c, ownHashes[i]!]));
  const hashed = Date.now();

  const stamp = now();
  const changedSessions: string[] = [];
  await deps.db.db.transaction().execute(async (trx) => {
    await assertQuota(trx, deps.db.kind, ctx.tenantId, fresh.length);
    const rowsToInsert = fresh.map((c) => ({
      ...c.values,
      birthday: c.values.birthday === '' ? null : c.values.birthday,
      id: newId(),
      tenantId: ctx.tenantId,
      password: hashOf.get(c) ?? initialHash,
      passwordMustChange: 1,
      ...createStamp(ctx, stamp),
      status: 1,
      isDeleted: LIVE_ROW,
    }));
    await insertUsers(trx, rowsToInsert);
    const data = new TenantData(trx, ctx.tenantId);
    for (const c of updates) {
      const { account: _account, ...values } = c.values;
      const password = hashOf.get(c);
      const write = () =>
        updateImportedUser(
          data,
          ctx,
          c.existing!.id,
          {
            ...values,
            birthday: values.birthday === '' ? null : values.birthday,
            ...(password ? { password, passwordMustChange: 1 } : {}),
          },
          stamp,
        );
      // The importer's own account: its roles never reach more than they do now (platform/own-reach.ts).
      if (c.existing!.id === ctx.userId && c.values.roleId !== c.existing!.roleId)
        await keepOwnReach(trx, ctx, write, splitIds(c.values.roleId));
      else await write();
      if (c.values.roleId !== c.existing!.roleId || c.values.deptId !== c.existing!.deptId || password)
        changedSessions.push(c.existing!.id);
    }
    await syncUserDepts(trx, ctx.tenantId, [
      ...rowsToInsert.map((u) => ({ id: u.id, deptId: u.deptId })),
      ...updates
        .filter((c) => c.values.deptId !== c.existing!.deptId)
        .map((c) => ({ id: c.existing!.id, deptId: c.values.deptId })),
    ]);
    await guard.stillAdministered(
      trx,
      ctx.tenantId,
      updates.map((c) => c.existing!),
    );
    // Accounts whose roles, departments or password changed sign in again (their tokens name the old ones).
    await revokeSessionsOf(trx, ctx.tenantId, changedSessions, stamp, 'user_imported');
  });
  if (changedSessions.length > 0) await deps.sessions.invalidateAll();
  // Thousands of new rows at once: PostgreSQL plans the next user lists with fresh statistics rather than waiting
  // for autovacuum to notice.
  if (deps.db.kind === 'postgres' && fresh.length >= 1000)
    await sql`analyze cube_user, cube_user_dept`.execute(deps.db.db);
  log.info(
    {
      event: 'users_imported',
      tenantId: ctx.tenantId,
      by: ctx.userId,
      inserted: fresh.length,
      updated: updates.length,
      hashMs: hashed - started,
      totalMs: Date.now() - started,
    },
    'users imported',
  );
  return {
    total: data.length,
    inserted: fresh.length,
    updated: updates.length,
    errors: [],
    ...(initial?.generated ? { initPassword: initial.plain } : {}),
  };
}
