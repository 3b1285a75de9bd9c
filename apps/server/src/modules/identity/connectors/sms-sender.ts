/**
 * Sends a sign-in code: the development provider below, or a tenant's cloud service (connectors/sms-aliyun.ts,
 * connectors/sms-tencent.ts). A refusal rejects with an SmsSendError carrying the visitor's message.
 */
export interface SmsSender {
  readonly name: string;
  send(message: { tenantId: string; phone: string; code: string }): Promise<void>;
}

/**
 * A vendor refused or failed to send: `message` is what the visitor reads (SmsProviderMessage), `vendorCode` the
 * vendor's own code for the log.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly vendorCode: string,
  ) {
    super(message);
  }
}
