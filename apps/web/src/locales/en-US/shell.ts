import type { Messages } from '../zh-CN';

/** The console shell: header, sidebar, tabs, menu search, theme, error log, language, notices. */

export const shell: Messages['shell'] = {
  expand: 'Expand menu',
  externalLinkTitle: 'Open external link',
  externalLinkConfirm: 'The external link {{url}} opens in a new tab. Continue?',
  collapse: 'Collapse menu',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  processing: 'Processing, please wait...',
  topHome: 'Home',
  done: 'Done!',
  sidebar: 'Sidebar',
  closeSidebar: 'Close the sidebar',
};

export const userMenu: Messages['userMenu'] = {
  account: 'Account menu',
  dashboard: 'Dashboard',
  info: 'Personal info',
  switchDept: 'Switch department',
  logout: 'Sign out',
};

export const switchDept: Messages['switchDept'] = {
  title: 'Switch department',
  dept: 'Department',
  role: 'Role',
  deptRequired: 'Please choose a department',
  roleRequired: 'Please choose a role',
};

export const tabs: Messages['tabs'] = {
  more: 'More',
  search: 'Search',
  closeOthers: 'Close others',
  closeAll: 'Close all',
  clearCache: 'Clear cache',
  close: 'Close',
  clearCacheConfirm: 'Clear the cache?',
  cacheCleared: 'Cache cleared',
};

export const search: Messages['search'] = {
  title: 'Menu search',
  placeholder: 'Search menus',
  close: 'Close search',
  noResult: 'No matching menu',
  hint: 'Type the beginning of a menu name, e.g. "Param"',
  footer: '↑ ↓ to choose · Enter to open · Esc to close',
};

export const theme: Messages['theme'] = {
  title: 'Theme',
  color: 'Theme colour',
  presetColors: 'Suggested colours',
  names: {
    default: 'Default',
    'theme-white': 'White',
    'theme-dark': 'Dark',
    'theme-star': 'Starry',
    'theme-bule': 'Smart blue',
    'theme-iview': 'iView',
    'theme-vip': 'VIP gold',
    'theme-cool': 'Cards',
    'theme-d2': 'D2',
    'theme-hey': 'Hey',
    'theme-lte': 'LTE',
  },
};

export const errorLog: Messages['errorLog'] = {
  title: 'Error log',
  upload: 'Upload to server',
  clear: 'Clear local log',
  uploadConfirm: 'Upload the local log to the server?',
  uploaded: 'Sent!',
  clearConfirm: 'Clear the local log?',
  cleared: 'Cleared!',
  type: 'Type',
  url: 'Address',
  message: 'Message',
  time: 'Time',
  info: 'Source',
};

export const language: Messages['language'] = {
  title: 'Language',
  zh: '中文',
  en: 'English',
};

export const notice: Messages['notice'] = {
  title: 'Notifications',
  empty: 'Nothing here',
  noMore: 'No more',
  readAll: 'Mark all read',
  viewAll: 'View all',
  tabs: {
    mail: 'Mail',
    message: 'Messages',
    notice: 'Notices',
    personal: 'For me',
  },
};

export const assistant: Messages['assistant'] = {
  title: 'Assistant',
  me: 'Me',
  question: 'Question',
  placeholder: 'Ask a question; Enter sends, Shift+Enter adds a line',
  send: 'Send',
  stop: 'Stop',
  clear: 'Clear',
  empty: 'Ask me about patents, trademarks, copyright and other IP matters',
};
