/** Business constants (page sizes, token times, themes, breakpoints, limits) that server and web app rely on. */

export const PLATFORM_TENANT_ID = '000000';
/** The login form's default tenant. */
export const DEFAULT_TENANT_ID = '100000';

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any list endpoint hands out, whatever `size` asks for. */
export const MAX_PAGE_SIZE = 1000;

/**
 * Seconds after which the client refreshes its token. The server issues access
 * tokens that live longer than this ({@link ACCESS_TOKEN_MIN_SECONDS}) so that the refresh always comes first.
 */
export const TOKEN_TIME_SECONDS = 43000;
export const ACCESS_TOKEN_MIN_SECONDS = 43200;
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOCK_PAGE_DELAY_MS = 100;

/** The product's auth header (`Cube-Auth: bearer <token>`), and the other headers the login reads. */
export const AUTH_HEADER = 'Cube-Auth';
export const TOKEN_PREFIX = 'bearer';
export const TENANT_HEADER = 'Tenant-Id';
export const DEPT_HEADER = 'Dept-Id';
export const ROLE_HEADER = 'Role-Id';
export const CAPTCHA_KEY_HEADER = 'Captcha-Key';
export const CAPTCHA_CODE_HEADER = 'Captcha-Code';

export const HOME_PATH = '/wel/index';
export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';

/**
 * The first path segments of the console's own client-side routes (beside the menus' paths): sign-in, lock, the
 * error pages, the welcome and dashboard pages (`/wel/…`), the self-check and profile pages, the flow pages
 * (`/work/process/…`), embedded pages (`/myiframe/…`) and the old menu addresses that redirect (`/system/role`).
 * The server sends the single-page app for an address under one of these or under a menu's path, and the public
 * site's 404 page with a 404 status for any other address that is not a public page (portal/site/ssr.ts); the web
 * router's test keeps this list in step with its routes.
 */
export const CONSOLE_ROUTE_ROOTS: readonly string[] = [
  'login',
  'lock',
  '404',
  '403',
  '500',
  'wel',
  'test',
  'info',
  'work',
  'myiframe',
  'system',
];

export const THEMES = [
  'default',
  'theme-white',
  'theme-dark',
  'theme-star',
  'theme-bule',
  'theme-iview',
  'theme-vip',
  'theme-cool',
  'theme-d2',
  'theme-hey',
  'theme-lte',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'theme-bule';
export const DEFAULT_COLOR = '#409EFF';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Layout breakpoints (px) and the root font base of the console layout. */
export const BREAKPOINTS = { lg: 1200, md: 992, sm: 768 } as const;
export const BASE_FONT_PX = 16;

export const LOG_BADGE_MAX = 99;
export const AVATAR_MAX_KB = 500;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHONE_LENGTH = 11;
export const PREVIEWABLE_FILE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;
export const DICT_DIALOG_WIDTH = 880;

/** Date-time format of every date the API sends and accepts. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The chat helper: at most 1200 tokens an answer, temperature 0.8 unless the caller says otherwise. */
export const CHAT_MAX_TOKENS = 1200;
export const CHAT_TEMPERATURE = 0.8;
export const CHAT_COMPLETIONS_URL = '/ta/v1/chat/completions';
