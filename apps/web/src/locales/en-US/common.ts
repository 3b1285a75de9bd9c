import type { Messages } from '../zh-CN';

/** App-wide words: product name, shared buttons, route titles, boot and request errors. */

export const app: Messages['app'] = {
  name: 'Cube Portal',
  slogan: 'Multi-tenant enterprise portal and administration platform',
};

export const common: Messages['common'] = {
  retry: 'Retry',
  backHome: 'Back to home',
  reload: 'Reload',
  loading: 'Loading…',
  confirm: 'OK',
  cancel: 'Cancel',
  tip: 'Notice',
  empty: '—',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  listSeparator: ', ',
  nameWithCode: '{{name}} ({{code}})',
};

export const route: Messages['route'] = {
  home: 'Home',
  login: 'Sign in',
  welcome: 'Home',
  notFound: 'Page not found',
  lock: 'Lock screen',
  forbidden: 'Forbidden',
  serverError: 'Server error',
  dashboard: 'Dashboard',
  selfCheck: 'Self-check',
  info: 'Personal info',
  workForm: 'Start a process',
  workHandle: 'Handle task',
  workDetail: 'Process details',
};

export const boot: Messages['boot'] = {
  failedTitle: 'Could not load the site information',
  failedDescription:
    'The site configuration is not available right now. Check your connection or try again later.',
  failedDetail: 'Details: {{detail}}',
};

export const request: Messages['request'] = {
  unknownError: 'Unknown error',
  networkError: 'Network error, please check your connection and try again',
  timeout: 'The request timed out, please try again later',
  invalidAnswer: 'The server answered with unexpected data',
};
