import { nameWithCode } from './codeLabels';

/** A user as the pickers receive it (`cube-user/queryUserByName`). */
export interface PickableUser {
  id: string;
  account: string;
  name?: string;
  realName?: string;
}

/**
 * Picker options for users, labelled by the person's name. The account (a Latin login code) is added only where two
 * people in the list share a name, so a Chinese screen shows 王芳 rather than 王芳（agent） and still tells two 王芳
 * apart.
 */
export function userChoiceOptions(users: readonly PickableUser[]): Array<{ value: string; label: string }> {
  const shown = (u: PickableUser) => u.realName || u.name || u.account;
  const count = new Map<string, number>();
  for (const u of users) count.set(shown(u), (count.get(shown(u)) ?? 0) + 1);
  return users.map((u) => {
    const label = shown(u);
    return {
      value: u.id,
      label: (count.get(label) ?? 0) > 1 && label !== u.account ? nameWithCode(label, u.account) : label,
    };
  });
}
