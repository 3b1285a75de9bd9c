import { useQuery } from '@tanstack/react-query';
import { fetchUserInfo } from '../../../api/auth';
import { fetchDeptOptions, fetchRoleOptions } from '../../../api/lookup';
import { getStoredItem } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session';
import { useSiteStore } from '../../../stores/site';

export const USER_INFO_QUERY_KEY = ['auth', 'user-info'] as const;

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Who is signed in: names from the session, roles from user-info, department and role names from the lookups. */
export function useIdentity(tenantNameHint?: string) {
  const user = useSessionStore((state) => state.userInfo);
  const site = useSiteStore((state) => state.info);
  const signedIn = Boolean(user);
  const userInfo = useQuery({ queryKey: USER_INFO_QUERY_KEY, queryFn: fetchUserInfo, enabled: signedIn });
  const depts = useQuery({
    queryKey: ['lookup', 'dept-select'],
    queryFn: () => fetchDeptOptions(),
    enabled: signedIn,
  });
  const roleOptions = useQuery({
    queryKey: ['lookup', 'role-select'],
    queryFn: () => fetchRoleOptions(),
    enabled: signedIn,
  });

  const tenantId = user?.tenant_id ?? '';
  const roleIds = splitList(user?.role_id);
  const deptIds = splitList(user?.dept_id);
  const roleNames = roleIds
    .map((id) => roleOptions.data?.find((role) => role.id === id)?.roleName)
    .filter((name): name is string => Boolean(name));
  const deptNames = deptIds
    .map((id) => depts.data?.find((dept) => dept.id === id)?.deptName)
    .filter((name): name is string => Boolean(name));

  return {
    user,
    name: user?.nick_name || user?.real_name || user?.user_name || user?.account || '',
    account: user?.account ?? '',
    tenantId,
    tenantName: tenantNameHint || (site?.tenantId && site.tenantId === tenantId ? site.tenantName : '') || '',
    /** Role names when the lookup knows them, else the aliases of user-info or the login answer. */
    roles: roleNames.length
      ? roleNames
      : userInfo.data?.roles?.length
        ? userInfo.data.roles
        : splitList(user?.role_name),
    depts: deptNames,
    signedInAt: getStoredItem('token')?.datetime,
    passwordMustChange: Boolean(user?.password_must_change),
  };
}
