import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';
import { signIn, waitForLevel } from '../steps.js';

/** The console in English: the language switch is on by default (Chinese first); English loads when chosen. */
describe('the console in English, with the language switch on', () => {
  let h: Harness;
  let page: Page;

  beforeAll(async () => {
    h = await startHarness();
    page = await h.newPage({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('switches to English from the language menu and keeps it across a reload', async () => {
    // The login page carries Chinese only: the English messages are a chunk of their own, fetched when chosen.
    const englishChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.*en[-_]US.*\.js$/.test(request.url())) englishChunks.push(request.url());
    });
    await signIn(page);
    await waitForLevel(page, 3);
    expect(englishChunks).toEqual([]);
    const language = page.getByRole('button', { name: '语言' });
    await language.click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(englishChunks.length).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const tags = page.getByTestId('tags-bar');
    await expect.poll(() => tags.getByRole('tab').allTextContents()).toEqual(['Home']);
    await page.getByRole('button', { name: 'Language' }).waitFor();
    await page.getByText('Quick links').first().waitFor();
    await h.screenshot(page, 'console-1440-en');
  });

  it('shows the parameter screen and the narrow console in English', async () => {
    const side = page.getByRole('complementary', { name: 'Sidebar' });
    await side
      .getByRole('menuitem', { name: /System/ })
      .first()
      .click();
    await side.getByRole('menuitem', { name: /Parameters/ }).click();
    await page.waitForURL('**/system/param/index');
    await page.getByRole('main').getByRole('row').nth(1).waitFor();
    await h.screenshot(page, 'param-1440-en');

    await page.getByTestId('tags-bar').getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL('**/wel/index');
    await page.setViewportSize({ width: 800, height: 900 });
    await waitForLevel(page, 1);
    await page.getByText('Quick links').first().waitFor();
    await h.screenshot(page, 'console-800-en');
  });
});
