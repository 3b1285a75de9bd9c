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
} from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import { BizError } from '../../platform/errors.js';
import type { SharedStore } from '../../platform/store.js';
import { type AuthService, OAuthError, type SessionRequest } from '../auth/service.js';

/** Sends a sign-in code. Cloud providers (Alibaba Cloud, Tencent Cloud) would implement this; see security.md. */
export interface SmsSender {
  readonly name: string;
  send(message: { tenantId: string; phone: string; code: string }): Promise<void>;
}

/** Development provider: the code goes to the server log (never use it where the log is not yours alone). */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(message: { tenantId: string; phone: string; code: string }): Promise<void> {
    this.log.warn({ event: 'sms_code_dev', ...message }, 'development SMS provider: sign-in code');
  }
}

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
  constructor(
    private readonly deps: { db: DatabaseHandle; store: SharedStore },
    private readonly sender: SmsSender,
  ) {}

  private codeKey = (tenantId: string, phone: string) => `sms:code:${tenantId}:${phone}`;

  private async userByPhone(tenantId: string, phone: string) {
    return withTenantScope(tenantId, async () => {
      const rows = await this.deps.db.db
        .selectFrom('cubeUser')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('phone', '=', phone)
        .where('isDeleted', '=', 0)
        .limit(2)
        .execute();
      // A number shared by two accounts names neither.
      return rows.length === 1 ? rows[0] : undefined;
    });
  }

  async sendCode(input: { tenantId: string; phone: string; ip: string }): Promise<void> {
    const { store } = this.deps;
    if (!PHONE_PATTERN.test(input.phone)) throw new BizError(SmsMessage.PHONE_INVALID);
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
    await store.set(this.codeKey(input.tenantId, input.phone), JSON.stringify(stored), SMS_CODE_TTL_SECONDS);
    await this.sender.send({ tenantId: input.tenantId, phone: input.phone, code });
  }

  /** `grant_type=sms_code`: the code is checked (five tries), used once, then the session opens. */
  async grant(
    auth: AuthService,
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
    return withTenantScope(req.tenantId, () => auth.openSession(req, user));
  }
}
