import type { Locator, Page } from 'playwright-core';

/**
 * Steps the end-to-end files share: the demo accounts, signing in, the console shell's parts (sidebar, tab strip,
 * messages), opening a menu, the layout level, the account menu.
 */

export interface Account {
  tenantId: string;
  username: string;
  password: string;
}

/** The platform administrator (tenant 000000). */
export const PLATFORM_ADMIN: Account = { tenantId: '000000', username: 'admin', password: 'Admin@2026' };

/** The demo tenant's administrator (tenant 100000, the default tenant of the public site). */
export const DEMO_TENANT_ADMIN: Account = { tenantId: '100000', username: 'admin', password: 'Demo@2026' };

export const pathname = (page: Page) => new URL(page.url()).pathname;

/** Matches a button whether or not antd put a space between its two Chinese characters ('确 定'). */
export const twoChars = (text: string) => new RegExp(`^\\s*${text[0]}\\s*${text[1]}\\s*$`);

/** Signs in on the login page and waits for the console's home. */
export async function signIn(page: Page, account: Account = PLATFORM_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="tenantId"]').fill(account.tenantId);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/wel/index');
}

/** Waits until the console shell shows the given layout level (3 at 1200 px and wider, 1 from 768 px, 0 below). */
export async function waitForLevel(page: Page, level: number): Promise<void> {
  await page.locator(`[data-level="${level}"]`).waitFor();
}

/**
 * Opens the account menu under the avatar. It opens on hover and on click, and a click on the open menu's button
 * closes it again: hover first, and click only if the menu did not come.
 */
export async function openAccountMenu(page: Page, accountLabel = '账号菜单'): Promise<void> {
  const button = page.getByRole('button', { name: accountLabel });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
  await button.hover();
  try {
    await menu.waitFor({ state: 'visible', timeout: 2000 });
  } catch {
    await button.click();
    await menu.waitFor({ state: 'visible' });
  }
}

/** The Chinese console shell's parts. */
export function consoleShell(page: Page) {
  const tags = page.getByTestId('tags-bar');
  const side = page.getByRole('complementary', { name: '侧边栏' });
  return {
    tags,
    side,
    main: page.getByRole('main'),
    tab: (name: string) => tags.getByRole('tab', { name, exact: true }),
    activeTab: () => tags.getByRole('tab', { selected: true }),
    tabNames: () => tags.getByRole('tab').allTextContents(),
    /**
     * The newest toast of antd's message with exactly this text (an earlier step's toast with the same text may
     * still be fading out).
     */
    message: (text: string): Locator => page.locator('.ant-message').getByText(text, { exact: true }).last(),
  };
}

/**
 * Opens a page from the sidebar through its menu path (e.g. 系统管理 → 参数管理) and waits for its address and
 * its tab.
 */
export async function openMenu(page: Page, names: readonly string[], url: string): Promise<void> {
  const { side, tab } = consoleShell(page);
  for (const name of names) await side.getByRole('menuitem', { name: new RegExp(name) }).click();
  await page.waitForURL(url);
  await tab(names[names.length - 1] ?? '').waitFor();
}

/** Collects the page's uncaught errors (a test ends with none). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Calls to the server as one signed-in account, for the steps of a test that need no browser. */
export interface AccountApi {
  get<T>(path: string, params?: Record<string, string>): Promise<T>;
  post<T>(path: string, body: Record<string, unknown>): Promise<T>;
}

/**
 * Signs `account` in on `page` (a page of its own) and calls the API with the token the app then sends; an answer
 * whose `code` is not 200 throws with the server's message.
 */
export async function accountApi(page: Page, account: Account): Promise<AccountApi> {
  const token = page
    .waitForRequest((request) => request.url().includes('/api/') && !!request.headers()['cube-auth'])
    .then((request) => request.headers()['cube-auth'] as string);
  await signIn(page, account);
  const headers = { 'Cube-Auth': await token };
  const data = async (response: { json(): Promise<unknown>; url(): string }) => {
    const body = (await response.json()) as { code: number; msg: string; data: unknown };
    if (body.code !== 200) throw new Error(`${response.url()}: ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(path: string, params: Record<string, string> = {}) =>
      (await data(await page.request.get(path, { headers, params }))) as T,
    post: async <T>(path: string, body: Record<string, unknown>) =>
      (await data(await page.request.post(path, { headers, data: body }))) as T,
  };
}
