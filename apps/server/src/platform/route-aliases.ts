import type { IncomingMessage } from 'node:http';

/**
 * Paths served by another route: SpringBlade from 4.2 keeps users under `/blade-system/user/*`, where BladeX and
 * older SpringBlade use the user service's root (`/blade-user/*`). The URL is rewritten before routing, so the
 * alias is the very same route: its permissions, API scopes, rate limits and logs all see the one path.
 */
const ALIASES: ReadonlyArray<readonly [alias: string, target: string]> = [
  ['/api/cube-system/user/', '/api/cube-user/'],
];

export function rewriteAliases(request: IncomingMessage): string {
  const url = request.url ?? '/';
  for (const [alias, target] of ALIASES) if (url.startsWith(alias)) return target + url.slice(alias.length);
  return url;
}
