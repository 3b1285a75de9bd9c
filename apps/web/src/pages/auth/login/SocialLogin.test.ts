import { SocialMessage } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import { registrationProblem } from './SocialLogin';

describe('the registration dialog checks, in order', () => {
  const full = { tenantId: '100000', name: '访客', account: 'guest', password: 'a1', password2: 'a1' };

  it('asks for the tenant first, only when the site gives none', () => {
    expect(registrationProblem({ ...full, tenantId: ' ', account: '' }, true)).toBe(
      SocialMessage.TENANT_REQUIRED,
    );
    expect(registrationProblem({ ...full, tenantId: '' }, false)).toBeUndefined();
  });

  it('then the account, the password and the repeated password', () => {
    expect(registrationProblem({ ...full, account: '', password: '' }, true)).toBe(
      SocialMessage.ACCOUNT_REQUIRED,
    );
    expect(registrationProblem({ ...full, password: '', password2: 'x' }, true)).toBe(
      SocialMessage.PASSWORD_REQUIRED,
    );
    expect(registrationProblem({ ...full, password2: 'other' }, true)).toBe(SocialMessage.PASSWORD_MISMATCH);
    expect(registrationProblem(full, true)).toBeUndefined();
  });
});
