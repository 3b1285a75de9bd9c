import type { FastifyRequest } from 'fastify';
import { grantsOf } from '../../platform/access.js';
import { apiScopeAllows } from '../../platform/api-scope.js';
import { isPlatformAdmin, type RequestContext } from '../../platform/context.js';
import { parseOrRefuse } from '../../platform/crud/index.js';
import { ForbiddenError } from '../../platform/errors.js';
import { profileInput } from './routes.js';

/** Fields only the user screen sends: a body with none of them is a profile form. */
const ADMIN_FIELDS = ['account', 'roleId', 'deptId', 'postId', 'tenantId', 'password', 'status', 'userType'];

/**
 * Whether a `user/update` body is the profile form of SpringBlade consoles (id, avatar, name, realName, phone,
 * email) for the caller's own row, rather than the user screen's whole user.
 */
export function isOwnProfileForm(body: Record<string, unknown>, ctx: RequestContext): boolean {
  const id = body.id === undefined || body.id === null || body.id === '' ? ctx.userId : String(body.id);
  return id === ctx.userId && !ADMIN_FIELDS.some((field) => field in body);
}

/**
 * The changes a profile form makes: only the profile fields, and only those sent. An empty phone is "not
 * changed" (a console echoes what it read; a phone is cleared nowhere), and the default avatar the server
 * answers for "none" is stored as none.
 */
export function profileChanges(body: Record<string, unknown>): Record<string, unknown> {
  const { avatar, name, realName, phone, email } = body;
  const parsed = parseOrRefuse(profileInput, {
    avatar: avatar === null ? '' : avatar,
    name: name ?? undefined,
    realName: realName ?? undefined,
    phone: phone === '' || phone === null ? undefined : phone,
    email: email ?? undefined,
  });
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** The API scopes the caller's roles hold for `code`'s menu admit this request (as the access hook checks). */
export function requireApiScope(request: FastifyRequest, ctx: RequestContext, code: string): void {
  if (isPlatformAdmin(ctx)) return;
  const rules = grantsOf(ctx)?.apiScopes.get(code);
  if (!rules) return;
  const q = request.url.indexOf('?');
  if (!apiScopeAllows(rules, request.method, q < 0 ? request.url : request.url.slice(0, q)))
    throw new ForbiddenError();
}
