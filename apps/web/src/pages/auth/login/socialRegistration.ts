import { SocialMessage } from '@cube/contract';

export interface RegisterValues {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

/** The registration checks, in order (tenant, account, password, match): the first that fails is the message shown. */
export function registrationProblem(values: RegisterValues, asksTenant: boolean): string | undefined {
  if (asksTenant && !values.tenantId?.trim()) return SocialMessage.TENANT_REQUIRED;
  if (!values.account?.trim()) return SocialMessage.ACCOUNT_REQUIRED;
  if (!values.password) return SocialMessage.PASSWORD_REQUIRED;
  if (values.password !== values.password2) return SocialMessage.PASSWORD_MISMATCH;
  return undefined;
}
