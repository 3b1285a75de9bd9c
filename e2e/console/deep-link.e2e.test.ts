import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { type Account, collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, pathname } from '../steps.js';

/** Every address the page shows from now on, history moves included (a flicker through /404 shows up here). */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      const url = new URL(frame.url());
      seen.push(`${url.pathname}${url.search}`);
    }
  });
  return seen;
}

/** A seeded user's row on the first page of the demo tenant's user list. */
const seededRow = (main: Locator) => main.getByRole('row').filter({ hasText: 'wangjianguo' });

/** Signs in on the login page already open (its address keeps the target). */
async function signInHere(page: Page, account: Account): Promise<void> {
  await page.locator('input[name="tenantId"]').fill(account.tenantId);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Console links that outlive the session: a bookmark opened signed out, and a page whose session ends while it
 * is open, both go to the login page keeping the page, and come back to it after signing in.
 */
describe('links that survive signing out', () => {
  let h: Harness;
  const errors: string[] = [];

  beforeAll(async () => {
    h = await sharedHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('opens a bookmarked console page signed out at the login page, and the page after signing in', async () => {
    const page = await h.newPage();
    errors.push(...collectPageErrors(page));
    const seen = addressesOf(page);

    await page.goto('/system/user/index');
    await page.waitForURL('**/login?redirect=%2Fsystem%2Fuser%2Findex');
    await page.locator('input[name="username"]').waitFor();
    await h.screenshot(page, 'deep-link-login');

    await signInHere(page, DEMO_TENANT_ADMIN);
    await page.waitForURL('**/system/user/index');
    const { main, activeTab } = consoleShell(page);
    await seededRow(main).waitFor();
    expect(await activeTab().textContent()).toContain('用户管理');
    await h.screenshot(page, 'deep-link-user-list');

    expect(seen.filter((address) => address.startsWith('/404') || address === '/')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the console home signed out at the login page keeping it, not at the public home', async () => {
    const page = await h.newPage();
    const seen = addressesOf(page);
    await page.goto('/wel/index');
    await page.waitForURL('**/login?redirect=%2Fwel%2Findex');
    await page.locator('input[name="username"]').waitFor();
    expect(seen.filter((address) => address === '/' || address.startsWith('/404'))).toEqual([]);

    await signInHere(page, DEMO_TENANT_ADMIN);
    await page.waitForURL('**/wel/index');
    expect(pathname(page)).toBe('/wel/index');
    await page.context().close();
  });

  it('after the session ends on a page, the next call leads to the login page and back to the page', async () => {
    const page = await h.newPage();
    errors.push(...collectPageErrors(page));
    const token = page
      .waitForRequest((request) => request.url().includes('/api/') && !!request.headers()['cube-auth'])
      .then((request) => request.headers()['cube-auth'] as string);
    await page.goto('/login');
    await signInHere(page, DEMO_TENANT_ADMIN);
    await page.waitForURL('**/wel/index');

    await page.goto('/system/user/index?from=e2e');
    const { main } = consoleShell(page);
    await seededRow(main).waitFor();

    // The session is revoked behind the page's back (as an administrator ending it, or its expiry, would).
    const logout = await page.request.get('/api/cube-auth/oauth/logout', {
      headers: { 'Cube-Auth': await token },
    });
    expect(((await logout.json()) as { code: number }).code).toBe(200);

    const seen = addressesOf(page);
    await main.getByRole('button', { name: '刷新' }).first().click();
    await page.waitForURL('**/login?redirect=%2Fsystem%2Fuser%2Findex%3Ffrom%3De2e');
    await page.locator('input[name="username"]').waitFor();
    await h.screenshot(page, 'deep-link-expired-login');
    // Straight to the login page: no /404, no public home on the way.
    expect(seen.filter((address) => !address.startsWith('/login?redirect='))).toEqual([]);

    await signInHere(page, DEMO_TENANT_ADMIN);
    await page.waitForURL('**/system/user/index?from=e2e');
    await seededRow(main).waitFor();
    expect(pathname(page)).toBe('/system/user/index');
    await h.screenshot(page, 'deep-link-expired-back');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never leaves the site after signing in, whatever the link names', async () => {
    const page = await h.newPage();
    await page.goto('/login?redirect=%2F%2Fexample.com%2Fsystem%2Fuser%2Findex');
    await signInHere(page, DEMO_TENANT_ADMIN);
    await page.waitForURL('**/wel/index');
    expect(new URL(page.url()).origin).toBe(h.baseUrl);
    await page.context().close();
  });
});
