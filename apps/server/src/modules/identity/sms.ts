import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AuthMessage,
  type LoginResult,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_PER_ADDRESS,
  SMS_DAILY_PER_PHONE,
  SMS_RESEND_SECONDS,
  SmsMessage,
  SmsProviderMessage,
} from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import { BizError } from '../../platform/errors.js';
import type { SharedStore } from '../../platform/store.js';
import { SmsSendError, type SmsSender } from './connectors/sms-sender.js';
import { OAuthError, type SessionRequest, type Sessions } from './sessions.js';
import { findUserByPhone } from './user.queries.js';

export { LogSmsSender } from './connectors/sms-log.js';
export { SmsSendError, type SmsSender } from './connectors/sms-sender.js';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const day = () => new Date().toISOString().slice(0, 10);

interface StoredCode {
  hash: string;
  attempts: number;
}

/**
 * Phone sign-in codes: six digits, five minutes, five attempts; one send per phone per minute and daily caps per
 * phone and per client address, all in the shared store. A number without a user gets the same answer (and
 * costs the same limits) as one with a user, and no message is sent to it.
 */
export class SmsLogin {
  /**
   * `senderFor` answers the tenant's configured service (undefined: none); without one, `fallback` (the
   * development provider) sends, or, when it is null (production), phone sign-in is refused for every number.
   */
  constructor(
    private readonly deps: { db: DatabaseHandle; store: SharedStore; log?: FastifyBaseLogger },
    private readonly fallback: SmsSender | null,
    private readonly senderFor: (tenantId: string) => Promise<SmsSender | undefined> = async () => undefined,
  ) {}

  private codeKey = (tenantId: string, phone: string) => `sms:code:${tenantId}:${phone}`;

  private async userByPhone(tenantId: string, phone: string) {
    // A number shared by two accounts names neither.
    return withTenantScope(tenantId, () => findUserByPhone(this.deps.db.db, tenantId, phone));
  }

  async sendCode(input: { tenantId: string; phone: string; ip: string }): Promise<void> {
    const { store } = this.deps;
    if (!PHONE_PATTERN.test(input.phone)) throw new BizError(SmsMessage.PHONE_INVALID);
    // Which service sends is settled before anything depends on the number, so every number answers alike.
    let sender: SmsSender | null | undefined;
    try {
      sender = (await this.senderFor(input.tenantId)) ?? this.fallback;
    } catch (error) {
      throw this.refusal(input, error);
    }
    if (!sender) throw new BizError(SmsProviderMessage.NOT_CONFIGURED);
    const phoneKey = `${input.tenantId}:${input.phone}`;
    if ((await store.increment(`sms:resend:${phoneKey}`, SMS_RESEND_SECONDS)) > 1) {
      throw new BizError(SmsMessage.TOO_SOON);
    }
    const perPhone = await store.increment(`sms:day:phone:${input.phone}:${day()}`, 86_400);
    const perAddress = await store.increment(`sms:day:ip:${input.ip}:${day()}`, 86_400);
    if (perPhone > SMS_DAILY_PER_PHONE || perAddress > SMS_DAILY_PER_ADDRESS) {
      throw new BizError(SmsMessage.DAILY_LIMIT);
    }
    const user = await this.userByPhone(input.tenantId, input.phone);
    if (user?.status !== 1) return;
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const stored: StoredCode = { hash: digest(code), attempts: 0 };
    const key = this.codeKey(input.tenantId, input.phone);
    await store.set(key, JSON.stringify(stored), SMS_CODE_TTL_SECONDS);
    try {
      await sender.send({ tenantId: input.tenantId, phone: input.phone, code });
    } catch (error) {
      // Not sent: no code waits for this number, and the visitor may ask again at once (the daily caps stay).
      await store.delete(key);
      await store.delete(`sms:resend:${phoneKey}`);
      throw this.refusal(input, error, sender.name);
    }
  }

  /** The visitor's message for a failed send; the vendor's own code goes to the log (number masked). */
  private refusal(input: { tenantId: string; phone: string }, error: unknown, provider = ''): BizError {
    const message = error instanceof SmsSendError ? error.message : SmsProviderMessage.UNAVAILABLE;
    this.deps.log?.warn(
      {
        event: 'sms_send_failed',
        tenantId: input.tenantId,
        provider,
        phone: `${input.phone.slice(0, 3)}****${input.phone.slice(-4)}`,
        vendorCode: error instanceof SmsSendError ? error.vendorCode : undefined,
        err: error instanceof SmsSendError ? undefined : error,
      },
      'sign-in code not sent',
    );
    return new BizError(message);
  }

  /** `grant_type=sms_code`: the code is checked (five tries), used once, then the session opens. */
  async grant(
    sessions: Sessions,
    req: SessionRequest & { phone: string; code: string },
  ): Promise<LoginResult> {
    const wrong = () => new OAuthError(400, 'invalid_grant', SmsMessage.CODE_WRONG);
    const key = this.codeKey(req.tenantId, req.phone);
    const raw = await this.deps.store.get(key);
    if (!raw || !/^\d{6}$/.test(req.code)) throw wrong();
    const stored = JSON.parse(raw) as StoredCode;
    const a = Buffer.from(stored.hash);
    const b = Buffer.from(digest(req.code));
    if (!timingSafeEqual(a, b)) {
      const attempts = stored.attempts + 1;
      if (attempts >= SMS_CODE_MAX_ATTEMPTS) await this.deps.store.delete(key);
      else await this.deps.store.set(key, JSON.stringify({ ...stored, attempts }), SMS_CODE_TTL_SECONDS);
      throw wrong();
    }
    // One use: a second request with the same code finds nothing (take, not get).
    if (!(await this.deps.store.take(key))) throw wrong();
    const user = await this.userByPhone(req.tenantId, req.phone);
    if (!user) throw wrong();
    if (user.status !== 1) throw new OAuthError(400, 'invalid_grant', AuthMessage.USER_DISABLED);
    return withTenantScope(req.tenantId, () => sessions.openSession(req, user));
  }
}
