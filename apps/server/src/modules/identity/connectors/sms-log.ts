import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.js';

/** Development provider: the code goes to the server log (never use it where the log is not yours alone). */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(message: { tenantId: string; phone: string; code: string }): Promise<void> {
    this.log.warn({ event: 'sms_code_dev', ...message }, 'development SMS provider: sign-in code');
  }
}
