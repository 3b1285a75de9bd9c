import { describe, expect, it } from 'vitest';
import { accountSkeleton } from './account-rules.js';

/**
 * The look-alike skeleton: accounts a reader takes for one another share it (digits for letters, `rn` for `m`,
 * other scripts, full width, case); genuinely different ASCII accounts do not.
 */
describe('account skeleton', () => {
  it('joins the look-alikes of an account', () => {
    const admin = accountSkeleton('admin');
    for (const like of [
      'Admin',
      'ADMIN',
      'adm1n',
      'admln',
      'admIn',
      'adrnin',
      'adrn1n',
      '\u0430dmin',
      'ａｄｍｉｎ',
    ])
      expect(accountSkeleton(like), like).toBe(admin);
    expect(accountSkeleton('0perator')).toBe(accountSkeleton('operator'));
  });

  it('keeps genuinely different accounts apart', () => {
    const admin = accountSkeleton('admin');
    for (const other of ['admin2', 'admins', 'adman', 'zhangsan', 'a.dmin', 'admin_1'])
      expect(accountSkeleton(other), other).not.toBe(admin);
    expect(accountSkeleton('wang.li')).not.toBe(accountSkeleton('wang.lei'));
  });
});
