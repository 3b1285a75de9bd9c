import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';
import { collectPageErrors, signIn } from '../steps.js';

/**
 * The assistant drawer against a local fake OpenAI-compatible upstream (the chat helper is a server setting, so
 * this file has a server of its own): an answer streams in piece by piece, and 停止 ends a long one.
 */
const SLOW_WORDS = ['发明专利', '申请', '一般', '需要', '请求书、', '说明书、', '权利要求书', '和摘要。'];

describe('the assistant drawer', () => {
  let upstream: Server;
  let aborted = 0;
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const question = String(JSON.parse(body).messages.at(-1)?.content ?? '');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.on('close', () => {
          if (!res.writableFinished) aborted++;
        });
        // "长" asks for an answer that never ends on its own (to be stopped).
        const words = question.includes('长') ? [...SLOW_WORDS, ...Array(400).fill('继续')] : SLOW_WORDS;
        let i = 0;
        const next = () => {
          if (res.destroyed) return;
          if (i < words.length) {
            res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: words[i++] } }] })}\n\n`);
            setTimeout(next, 120);
          } else res.end('data: [DONE]\n\n');
        };
        next();
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    h = await startHarness({
      CUBE_CHAT_BASE_URL: `http://127.0.0.1:${port}/v1`,
      CUBE_CHAT_MODELS: 'fake-model',
    });
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page);
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => upstream?.close(r));
  });

  it('streams an answer as it arrives and stops on demand', async () => {
    await page.getByRole('button', { name: '智能助手' }).click();
    const drawer = page.getByRole('dialog', { name: '智能助手' });
    await drawer.getByLabel('问题').fill('发明专利申请需要哪些材料?');
    await drawer.getByRole('button', { name: /发\s*送/ }).click();
    const log = drawer.getByRole('log');
    // Part of the answer shows before the stream has ended.
    await log.getByText(/发明专利申请/).waitFor();
    expect(await drawer.getByRole('button', { name: /停\s*止/ }).isVisible()).toBe(true);
    await log.getByText('发明专利申请一般需要请求书、说明书、权利要求书和摘要。').waitFor();
    await drawer.getByRole('button', { name: /发\s*送/ }).waitFor();
    await h.screenshot(page, 'assistant-1440-zh');

    await drawer.getByLabel('问题').fill('请给一个很长的回答');
    await drawer.getByRole('button', { name: /发\s*送/ }).click();
    await log.getByText(/继续/).waitFor();
    const before = aborted;
    await drawer.getByRole('button', { name: /停\s*止/ }).click();
    await drawer.getByRole('button', { name: /发\s*送/ }).waitFor();
    // The server gave up its upstream call once the browser stopped reading.
    await expect.poll(() => aborted, { timeout: 3_000 }).toBe(before + 1);
    const text = (await log.textContent()) ?? '';
    await new Promise((r) => setTimeout(r, 500));
    expect((await log.textContent()) ?? '').toBe(text);
    await h.screenshot(page, 'assistant-stopped-1440-zh');
    expect(pageErrors).toEqual([]);
  });
});
