import { leadEntity } from '@cube/contract';
import { describe, expect, it, vi } from 'vitest';
import { INQUIRY_MESSAGES, newRequestId, submitInquiry, validateInquiry } from './inquiry';

const valid = {
  name: '王建国',
  phone: '13812345678',
  company: '',
  service: '专利申请',
  message: '',
  consent: true,
};

describe('customer form checks', () => {
  it('accepts a complete form', () => {
    expect(validateInquiry(valid)).toEqual({});
  });

  it('answers each problem in the server words', () => {
    expect(validateInquiry({ ...valid, name: ' ', phone: '', service: '' })).toEqual({
      name: INQUIRY_MESSAGES.nameRequired,
      phone: '手机号码不能为空',
      service: '请选择咨询业务',
    });
    expect(validateInquiry({ ...valid, phone: '1381234' }).phone).toBe('手机号码长度不为11位');
    expect(validateInquiry({ ...valid, phone: '12345678901' }).phone).toBe('手机号码格式不正确');
    expect(validateInquiry({ ...valid, name: 'x'.repeat(51) }).name).toBe('长度不能超过50个字符');
    expect(validateInquiry({ ...valid, message: 'x'.repeat(1001) }).message).toBe('长度不能超过1000个字符');
    expect(validateInquiry({ ...valid, consent: false })).toEqual({ consent: '请阅读并同意隐私政策' });
  });

  it('words the consent and every shared check exactly as the server does', () => {
    // The public bundle does not load the contract's entities; the words are copied, so a test keeps them equal.
    const server = leadEntity.messages as Record<string, string>;
    const shared = Object.entries(INQUIRY_MESSAGES).filter(([key]) => key in server);
    expect(shared.map(([key]) => key)).toEqual(expect.arrayContaining(['consentRequired', 'submitted']));
    for (const [key, text] of shared) expect(text, key).toBe(server[key]);
  });

  it('makes request ids the server accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
  });
});

describe('sending the form', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('posts the trimmed fields with the request id and reports success', async () => {
    const fetcher = answer(200, { code: 200, success: true, msg: '操作成功', data: {} });
    const outcome = await submitInquiry({ ...valid, name: ' 王建国 ' }, 'abcdef123456', fetcher);
    expect(outcome).toEqual({ ok: true, message: '提交成功，我们会尽快与您联系' });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cube-pr/prkhzx/submit');
    expect(JSON.parse(String(init.body))).toEqual({ ...valid, requestId: 'abcdef123456' });
  });

  it("shows the server's message on a refusal, and a network message when offline", async () => {
    const tooMany = answer(429, { code: 429, success: false, msg: '提交过于频繁，请稍后再试', data: {} });
    expect(await submitInquiry(valid, 'abcdef123456', tooMany)).toEqual({
      ok: false,
      message: '提交过于频繁，请稍后再试',
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await submitInquiry(valid, 'abcdef123456', offline)).message).toBe(INQUIRY_MESSAGES.network);
  });
});
