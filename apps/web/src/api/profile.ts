import type { R } from '@cube/contract';
import { md5 } from 'js-md5';
import { request } from './request';

export const PROFILE_URL = '/api/cube-user/info';
export const UPDATE_INFO_URL = '/api/cube-user/update-info';
export const UPDATE_PASSWORD_URL = '/api/cube-user/update-password';

/** `GET /api/cube-user/info`: the signed-in user's own record. */
export interface Profile {
  id: string;
  tenantId?: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  [field: string]: unknown;
}

/** What the profile form may change. */
export interface ProfileChanges {
  avatar: string;
  name: string;
  realName: string;
  phone: string;
  email: string;
}

/** As typed by the user; only the md5 hex of each value is sent. */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export async function fetchProfile(): Promise<Profile> {
  const { data } = await request.get<R<Profile>>(PROFILE_URL);
  return data.data;
}

export async function updateProfile(changes: ProfileChanges): Promise<void> {
  await request.post(UPDATE_INFO_URL, changes);
}

/** `POST update-password?oldPassword=&newPassword=&newPassword1=` with md5 hex values. */
export async function updatePassword(change: PasswordChange): Promise<void> {
  await request.post(UPDATE_PASSWORD_URL, null, {
    params: {
      oldPassword: md5(change.oldPassword),
      newPassword: md5(change.newPassword),
      newPassword1: md5(change.newPassword1),
    },
  });
}
