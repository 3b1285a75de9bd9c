import { CLIENT_GRANT_TYPES } from '@cube/contract';
import { i18n } from './i18n';

/**
 * Codes the server stores and the lists show — usual-log events, log levels, exception names, the services that
 * write logs, OAuth2 grant types — each set with its labels in the catalogues (`codes.<set>.<code>`, dots in a
 * code written as `_`). A list cell shows the label; a code no catalogue names yet is shown as it is.
 */
export const CODE_SETS = {
  usualEvent: [
    'auth.login',
    'auth.logout',
    'lead.submit',
    'user.guest_approve',
    'user.guest_reject',
    'user.oauth_link',
    'user.oauth_unlink',
    'user.password.change',
    'user.password.change.failed',
  ],
  logLevel: ['info', 'warn', 'error'],
  exceptionName: [
    'AppError',
    'BizError',
    'Error',
    'TypeError',
    'RangeError',
    'SyntaxError',
    'ReferenceError',
    'ChunkLoadError',
    'error',
  ],
  serviceId: ['cube-server', 'cube-web'],
  grantType: [...CLIENT_GRANT_TYPES],
  clientScope: ['all'],
  roleAlias: ['administrator', 'admin', 'user', 'manager', 'agent', 'process'],
} as const;

export type CodeSet = keyof typeof CODE_SETS;

/** The catalogue key of a code. */
export const codeLabelKey = (set: CodeSet, code: string): string =>
  `codes.${set}.${code.replace(/\./g, '_')}`;

/** A code's label in the current language, or the code itself when no catalogue names it. */
export function codeLabel(set: CodeSet, code: unknown): string {
  const text = code === null || code === undefined ? '' : String(code);
  if (!text) return '';
  const key = codeLabelKey(set, text);
  return i18n.exists(key) ? i18n.t(key as never) : text;
}

/** A name with its code after it, bracketed as the current language writes it: 示例科技（100000）, Acme (100000). */
export const nameWithCode = (name: string, code: string): string =>
  i18n.t('common.nameWithCode', { name, code });

/** Items of a list joined as the current language writes them (、 in Chinese, a comma in English). */
export const joinLabels = (items: readonly string[]): string => items.join(i18n.t('common.listSeparator'));

/** A role alias the tenant has no role for: the seed's role of that alias (部门经理), else 未知角色（已删除）. */
export function roleAliasLabel(alias: string): string {
  const key = codeLabelKey('roleAlias', alias);
  return i18n.exists(key) ? i18n.t(key as never) : i18n.t('codes.unknownRole');
}

/**
 * A task's candidate groups as people read them. The server names each alias by the tenant's role
 * (`candidateGroupNames`, comma-joined in the aliases' order, the alias itself where the tenant has no such role); an
 * alias left unnamed reads as the seed's role of that alias (部门经理) or 未知角色（已删除）, never the code.
 */
export function candidateGroupsLabel(aliases: unknown, names: unknown): string {
  const list = String(aliases ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const named = String(names ?? '') ? String(names).split(',') : [];
  // A role name holding a comma breaks the pairing: the names are then shown as the server wrote them.
  if (named.length > 0 && named.length !== list.length) return String(names);
  return joinLabels(
    list.map((alias, i) => {
      const name = named[i]?.trim();
      return name && name !== alias ? name : roleAliasLabel(alias);
    }),
  );
}
