import { PHONE_LENGTH } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { done, ok, rEmpty } from '../../platform/envelope.js';
import { NotFoundError } from '../../platform/errors.js';
import { isMd5Hex } from '../../platform/passwords.js';
import { changeOwnPassword } from '../identity/accounts.js';
import { PasswordLockout } from '../identity/lockout.js';
import { DEFAULT_AVATAR, loadOwnProfile } from '../identity/profile.js';
import { isStoredFileLink } from '../resource/oss/storage.js';
import { updateOwnProfile } from './user.queries.js';

const md5Field = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().refine(isMd5Hex, message);

/** Profile fields a user may change on their own (the profile form); an absent field stays as it is. */
export const profileInput = z.object({
  // Empty means the default avatar (which is also what a form echoing the default sends); otherwise a file
  // put-file stored, or a web address.
  avatar: z.preprocess(
    (v) => (v === DEFAULT_AVATAR ? '' : v),
    z
      .string()
      .trim()
      .max(500, '头像地址不能超过500个字符')
      .refine((v) => v === '' || isStoredFileLink(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), '头像地址不正确')
      .optional(),
  ),
  name: z
    .string({ error: '请输入用户昵称' })
    .trim()
    .min(1, '请输入用户昵称')
    .max(50, '用户昵称不能超过50个字符')
    .optional(),
  realName: z
    .string({ error: '请输入用户姓名' })
    .trim()
    .min(1, '请输入用户姓名')
    .max(50, '用户姓名不能超过50个字符')
    .optional(),
  phone: z
    .string({ error: '请输入手机号码' })
    .trim()
    .min(1, '请输入手机号码')
    .length(PHONE_LENGTH, '手机号码长度不正确')
    .regex(/^1[3-9]\d{9}$/, '手机号码格式不正确')
    .optional(),
  email: z
    .string({ error: '邮箱格式不正确' })
    .trim()
    .max(100, '邮箱不能超过100个字符')
    .refine((v) => v === '' || z.regexes.email.test(v), '邮箱格式不正确')
    .optional(),
});

/** The signed-in user's own account: `info`, `update-info`, `update-password`. */
export const userModule = defineModule('user', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lockout = new PasswordLockout(deps.db, deps.store);

  api.get('/api/cube-user/info', { config: { access: access.session } }, async (request) => {
    const ctx = contextOf(request);
    return ok(await loadOwnProfile(deps.db, ctx));
  });

  // The profile form: the account, roles, department and password are not among the fields, whatever is sent.
  api.post(
    '/api/cube-user/update-info',
    { config: { access: access.authenticated }, schema: { body: profileInput, response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const changes = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      );
      if (!(await updateOwnProfile(deps.db.db, ctx, changes))) throw new NotFoundError();
      return done();
    },
  );

  // Values are the md5 hex of what the user typed, exactly like the login.
  api.post(
    '/api/cube-user/update-password',
    {
      config: { access: access.session, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({
          oldPassword: md5Field('请输入原密码'),
          newPassword: md5Field('请输入新密码'),
          newPassword1: md5Field('请输入确认密码'),
        }),
        response: { 200: rEmpty },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      await changeOwnPassword(deps, lockout, ctx, request.query, (locked) => {
        request.log.info(
          { event: 'password_change_failed', tenantId: ctx.tenantId, userId: ctx.userId, locked },
          'password change: wrong old password',
        );
        deps.audit.usual(request, {
          event: 'user.password.change.failed',
          title: locked ? '修改密码失败,账号已锁定' : '修改密码失败,原密码不正确',
          level: 'warn',
        });
      });
      deps.audit.usual(request, { event: 'user.password.change', title: '修改密码' });
      return done();
    },
  );
});
