import { withPlatformScope } from '../src/db/row-scope.js';
import { now } from '../src/platform/dates.js';
import { newId } from '../src/platform/ids.js';
import { hashSecret, md5Hex } from '../src/platform/passwords.js';
import { AUTHORITY_ID } from '../src/seed/authority.js';
import { ID } from '../src/seed/demo-data.js';
import type { TestApp } from './helpers.js';

export const A = AUTHORITY_ID;
export const DEMO_IDS = ID;
export const PASSWORD = 'Scope@2026';
export const NOTICE_MENU = '1123598815738675221';
export const SYSTEM_MENU = '1123598815738675201';

let counter = 0;

/** A user of tenant 100000 (or `tenantId`) with the given roles and departments, signed in; answers its token. */
export async function signInAs(
  t: TestApp,
  roleIds: string[],
  deptIds: string[],
  tenantId = '100000',
): Promise<{ id: string; token: string }> {
  const id = newId();
  const account = `scope${++counter}${Date.now() % 100000}`;
  const stamp = now();
  await withPlatformScope(async () =>
    t.deps.db.db
      .insertInto('cubeUser')
      .values({
        id,
        tenantId,
        account,
        password: await hashSecret(md5Hex(PASSWORD)),
        code: '',
        userType: 1,
        name: account,
        realName: account,
        avatar: '',
        email: '',
        phone: '',
        birthday: null,
        sex: 1,
        roleId: roleIds.join(','),
        deptId: deptIds.join(','),
        postId: '',
        passwordMustChange: 0,
        createUser: null,
        createDept: null,
        createTime: stamp,
        updateUser: null,
        updateTime: stamp,
        status: 1,
        isDeleted: 0,
      })
      .execute(),
  );
  const token = (await t.token({ tenantId, username: account, password: PASSWORD })).access_token;
  return { id, token };
}

/** A role of tenant 100000 made by the tenant administrator through the API. */
export async function makeRole(t: TestApp, adminToken: string, roleName: string): Promise<string> {
  const res = await t.call('POST', '/api/cube-system/role/submit', adminToken, {
    roleName,
    roleAlias: `r${++counter}_${Date.now()}`,
    sort: 50,
  });
  if (res.statusCode !== 200) throw new Error(res.raw);
  return res.body.data.id as string;
}

export const grant = (
  t: TestApp,
  token: string,
  body: { roleIds: string[]; menuIds?: string[]; dataScopeIds?: string[]; apiScopeIds?: string[] },
) => t.call('POST', '/api/cube-system/role/grant', token, body);
