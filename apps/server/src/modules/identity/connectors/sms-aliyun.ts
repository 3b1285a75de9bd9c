import type { Agent } from 'node:https';
import { SmsProviderMessage } from '@cube/contract';
import { aliyunRpcClient } from '../../../platform/lazy-modules.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';
import { SEND_TIMEOUT_MS, type SmsCredentials, type SmsProviderRow, unavailable } from './sms-vendor.js';

/** The vendor's API host: the only name the SMS agent connects to for it. */
export const ALIYUN_SMS_HOST = 'dysmsapi.aliyuncs.com';
const ALIYUN_DEFAULT_PARAM = 'code';

/** Vendor error codes by what they mean for the visitor; anything else is a plain refusal. */
const ALIYUN_CODES: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': SmsProviderMessage.TOO_FREQUENT,
  'isv.DAY_LIMIT_CONTROL': SmsProviderMessage.TOO_FREQUENT,
  'isv.MOBILE_NUMBER_ILLEGAL': SmsProviderMessage.PHONE_REFUSED,
  'isv.AMOUNT_NOT_ENOUGH': SmsProviderMessage.BALANCE,
  'isv.OUT_OF_SERVICE': SmsProviderMessage.BALANCE,
  'isv.SMS_SIGNATURE_ILLEGAL': SmsProviderMessage.MISCONFIGURED,
  'isv.SMS_TEMPLATE_ILLEGAL': SmsProviderMessage.MISCONFIGURED,
  'isv.SMS_SIGN_ILLEGAL': SmsProviderMessage.MISCONFIGURED,
  'isv.TEMPLATE_MISSING_PARAMETERS': SmsProviderMessage.MISCONFIGURED,
  'isv.INVALID_PARAMETERS': SmsProviderMessage.MISCONFIGURED,
  'isv.ACCOUNT_NOT_EXISTS': SmsProviderMessage.MISCONFIGURED,
  'isv.ACCOUNT_ABNORMAL': SmsProviderMessage.MISCONFIGURED,
  'InvalidAccessKeyId.NotFound': SmsProviderMessage.MISCONFIGURED,
  'InvalidAccessKeyId.Inactive': SmsProviderMessage.MISCONFIGURED,
  SignatureDoesNotMatch: SmsProviderMessage.MISCONFIGURED,
  'Forbidden.RAM': SmsProviderMessage.MISCONFIGURED,
};

/** Alibaba Cloud SMS (`SendSms`, API 2017-05-25) through the vendor's POP SDK, signed with the AccessKey. */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';
  constructor(
    private readonly row: SmsProviderRow,
    private readonly credentials: SmsCredentials,
    private readonly agent: Agent,
  ) {}

  async send(message: { phone: string; code: string }): Promise<void> {
    const RPCClient = aliyunRpcClient();
    const client = new RPCClient({
      endpoint: `https://${ALIYUN_SMS_HOST}`,
      apiVersion: '2017-05-25',
      accessKeyId: this.credentials.accessKeyId,
      accessKeySecret: this.credentials.accessKeySecret,
    });
    const param = this.row.templateParam || ALIYUN_DEFAULT_PARAM;
    let answer: { Code?: string; BizId?: string };
    try {
      answer = await client.request(
        'SendSms',
        {
          PhoneNumbers: message.phone,
          SignName: this.row.signName,
          TemplateCode: this.row.templateCode,
          TemplateParam: JSON.stringify({ [param]: message.code }),
        },
        { method: 'POST', timeout: SEND_TIMEOUT_MS, agent: this.agent },
      );
    } catch (error) {
      // The SDK throws the vendor's refusal with its `Code` in `code` (any Code other than OK).
      const data = (error as { data?: { Code?: unknown } }).data;
      const code = typeof data?.Code === 'string' ? data.Code : undefined;
      if (code) throw new SmsSendError(ALIYUN_CODES[code] ?? SmsProviderMessage.REFUSED, code);
      throw unavailable(error);
    }
    if (answer.Code !== 'OK') {
      const code = String(answer.Code ?? 'UNKNOWN');
      throw new SmsSendError(ALIYUN_CODES[code] ?? SmsProviderMessage.REFUSED, code);
    }
  }
}
