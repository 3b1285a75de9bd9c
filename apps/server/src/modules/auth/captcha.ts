import { randomUUID } from 'node:crypto';
import { svgCaptcha } from '../../platform/lazy-modules.js';
import type { SharedStore } from '../../platform/store.js';

/** Captcha answers live for five minutes and can be checked once (case-insensitive). */
const CAPTCHA_TTL_SECONDS = 300;
const key = (id: string) => `captcha:${id}`;

export async function createCaptcha(store: SharedStore): Promise<{ key: string; image: string }> {
  const captcha = svgCaptcha().create({
    size: 5,
    noise: 3,
    ignoreChars: '0oO1lIi',
    width: 130,
    height: 48,
    color: true,
  });
  const id = randomUUID();
  await store.set(key(id), captcha.text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  return { key: id, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** Consumes the answer whatever the outcome, so that one captcha allows one attempt. */
export async function checkCaptcha(
  store: SharedStore,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer) return false;
  const expected = await store.take(key(id));
  return expected !== null && expected === answer.trim().toLowerCase();
}

export const captchaStoreKey = key;
