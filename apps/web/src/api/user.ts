import { type Post, postEntity, type R, type User, type UserImportResult, userEntity } from '@cube/contract';
import { cleanQuery, createEntityApi, type EntityInput, type ListQuery, type PagedCrudApi } from './crud';
import { downloadFile } from './download';
import { request } from './request';

export type { Post, User, UserImportResult };

const base = createEntityApi(userEntity);

/**
 * Users (`/api/cube-user/*`): the list is BladeX `page` (filters plus `deptId`, a department and everything below
 * it); `detail`, `submit`, `remove` as every CRUD resource.
 */
export const userApi: PagedCrudApi<User, EntityInput<typeof userEntity>> = {
  ...base,
  list: async (query: ListQuery) => {
    const { data } = await request.get<R<Awaited<ReturnType<typeof base.list>>>>(`${userEntity.api}/page`, {
      params: cleanQuery(query),
    });
    return data.data;
  },
};

export const postApi = createEntityApi(postEntity);

export interface PostOption {
  id: string;
  postCode: string;
  postName: string;
}

/** `GET post/select`: the tenant's posts for the user form. */
export async function fetchPostOptions(): Promise<PostOption[]> {
  const { data } = await request.get<R<PostOption[]>>(`${postEntity.api}/select`);
  return data.data ?? [];
}

/** `POST reset-password?userIds=`: answers the new password (shown once). */
export async function resetPasswords(ids: readonly string[]): Promise<string> {
  const { data } = await request.post<R<{ initPassword: string }>>(`${userEntity.api}/reset-password`, null, {
    params: { userIds: ids.join(',') },
  });
  return data.data.initPassword;
}

/** `POST grant?userIds=&roleIds=`: the users' roles become exactly these. */
export async function grantRoles(userIds: readonly string[], roleIds: readonly string[]): Promise<void> {
  await request.post(`${userEntity.api}/grant`, null, {
    params: { userIds: userIds.join(','), roleIds: roleIds.join(',') },
  });
}

/** `POST unlock?userIds=`: clears the sign-in failure lock. */
export async function unlockUsers(ids: readonly string[]): Promise<void> {
  await request.post(`${userEntity.api}/unlock`, null, { params: { userIds: ids.join(',') } });
}

export function downloadUserTemplate(): Promise<void> {
  return downloadFile(`${userEntity.api}/export-template`, {}, 'user-import-template.xlsx');
}

/** The filtered list as xlsx (the same filters as the page, without paging). */
export function exportUsers(filters: Record<string, string | number | boolean | undefined>): Promise<void> {
  return downloadFile(`${userEntity.api}/export-user`, cleanQuery(filters), 'users.xlsx');
}

/**
 * `POST import-user?isCovered=0|1` (multipart `file`). `onUpload` reports the upload's progress (0–100); a file
 * with errors rejects with the server's answer, whose `data.errors` lists them by row and column.
 */
export async function importUsers(
  file: File,
  covered: boolean,
  onUpload: (percent: number) => void,
): Promise<UserImportResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await request.post<R<UserImportResult>>(`${userEntity.api}/import-user`, form, {
    params: { isCovered: covered ? 1 : 0 },
    // Long files take longer than the default time-out to check and write.
    timeout: 120_000,
    handlesErrors: true,
    onUploadProgress: (event) => {
      if (event.total) onUpload(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}

/**
 * The tenant the platform administrator works in on the user screen (BladeX: the platform administers every
 * tenant). While one is chosen, the screen's calls — the user routes and the role, department and post pickers
 * of its form — carry `tenantId`; the server honours it for the platform administrator only.
 */
let screenTenant: string | undefined;
const SCOPED_PREFIXES = [
  `${userEntity.api}/`,
  '/api/cube-system/role/',
  '/api/cube-system/dept/',
  `${postEntity.api}/select`,
];
/** The signed-in user's own calls stay theirs. */
const OWN_CALLS = new Set(['info', 'update-info', 'update-password'].map((c) => `${userEntity.api}/${c}`));

export function setUserScreenTenant(tenantId: string | undefined): void {
  screenTenant = tenantId;
}

request.interceptors.request.use((config) => {
  const url = config.url ?? '';
  if (screenTenant && !OWN_CALLS.has(url) && SCOPED_PREFIXES.some((p) => url.startsWith(p)))
    config.params = { ...(config.params as object | undefined), tenantId: screenTenant };
  return config;
});

export interface UserPlatform {
  userType: number;
  userExt: string;
}

/** `GET platform-detail?id=`: the account's platform and that platform's extension record. */
export async function fetchUserPlatform(id: string): Promise<UserPlatform> {
  const { data } = await request.get<R<UserPlatform>>(`${userEntity.api}/platform-detail`, {
    params: { id },
  });
  return { userType: Number(data.data.userType), userExt: data.data.userExt ?? '' };
}

/** `POST update-platform?userId=&userType=&userExt=`. */
export async function saveUserPlatform(userId: string, value: UserPlatform): Promise<void> {
  await request.post(`${userEntity.api}/update-platform`, null, {
    params: { userId, userType: value.userType, userExt: value.userExt },
  });
}
