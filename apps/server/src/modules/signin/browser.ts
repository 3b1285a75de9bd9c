import type { FastifyReply, FastifyRequest } from 'fastify';
import { BINDING_COOKIE, STATE_TTL_SECONDS } from '../identity/social.js';

/** Where the profile page lists the identities (link mode returns there). */
export const PROFILE_PAGE = '/info/index';

/** The cookie that binds a started login (or link) to this browser; httpOnly, only for the oauth routes. */
export function setBindingCookie(request: FastifyRequest, reply: FastifyReply, binding: string) {
  reply.header(
    'set-cookie',
    `${BINDING_COOKIE}=${binding}; Path=/api/cube-auth/oauth; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${
      request.protocol === 'https' ? '; Secure' : ''
    }`,
  );
}

/** The address the provider sends the browser back to: this server's callback for the source. */
export function callbackUri(request: FastifyRequest, source: string): string {
  return `${request.protocol}://${request.host}/api/cube-auth/oauth/callback/${encodeURIComponent(source)}`;
}

/** Sends the browser to the web login page with the given query (the page finishes the sign-in). */
export function loginPage(reply: FastifyReply, query: Record<string, string>) {
  return reply.redirect(`/login?${new URLSearchParams(query).toString()}`, 302);
}

/** A request's query and body together (BladeX clients send either); the body wins. */
export function queryAndBody(request: FastifyRequest): Record<string, unknown> {
  return { ...(request.query as object), ...((request.body as object | null) ?? {}) };
}
