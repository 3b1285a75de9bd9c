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
