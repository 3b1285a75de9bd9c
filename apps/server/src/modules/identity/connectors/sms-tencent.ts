import type { Agent } from 'node:https';
import { SmsProviderMessage } from '@cube/contract';
import { tencentSms } from '../../../platform/lazy-modules.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';
import { SEND_TIMEOUT_MS, type SmsCredentials, type SmsProviderRow, unavailable } from './sms-vendor.js';

/** The vendor's API host: the only name the SMS agent connects to for it. */
export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com';
const TENCENT_DEFAULT_REGION = 'ap-guangzhou';

function tencentMessage(code: string): string {
  if (code.startsWith('LimitExceeded.')) return SmsProviderMessage.TOO_FREQUENT;
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist'
  )
    return SmsProviderMessage.PHONE_REFUSED;
  if (
    code === 'FailedOperation.InsufficientBalanceInSmsPackage' ||
    code === 'UnauthorizedOperation.SerivceSuspendDueToArrears'
  )
    return SmsProviderMessage.BALANCE;
  if (
    code.startsWith('AuthFailure') ||
    code.startsWith('UnauthorizedOperation') ||
    code === 'FailedOperation.SignatureIncorrectOrUnapproved' ||
    code === 'FailedOperation.TemplateIncorrectOrUnapproved' ||
    code === 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate' ||
    code.startsWith('InvalidParameterValue.SdkAppId') ||
    code === 'InvalidParameterValue.TemplateParameterFormatError'
  )
    return SmsProviderMessage.MISCONFIGURED;
  return SmsProviderMessage.REFUSED;
}

/** Tencent Cloud SMS (`SendSms`, API 2021-01-11) through the vendor's SDK, signed TC3-HMAC-SHA256. */
export class TencentSmsSender implements SmsSender {
  readonly name = 'tencent';
  constructor(
    private readonly row: SmsProviderRow,
    private readonly credentials: SmsCredentials,
    private readonly agent: Agent,
  ) {}

  async send(message: { phone: string; code: string }): Promise<void> {
    const Client = tencentSms().sms.v20210111.Client;
    const client = new Client({
      credential: { secretId: this.credentials.accessKeyId, secretKey: this.credentials.accessKeySecret },
      region: this.row.region || TENCENT_DEFAULT_REGION,
      profile: {
        httpProfile: {
          endpoint: TENCENT_SMS_HOST,
          protocol: 'https://',
          reqMethod: 'POST',
          reqTimeout: SEND_TIMEOUT_MS / 1000,
          agent: this.agent,
        },
      },
    });
    let answer: { SendStatusSet?: Array<{ Code?: string }> };
    try {
      answer = await client.SendSms({
        PhoneNumberSet: [`+86${message.phone}`],
        SmsSdkAppId: this.row.sdkAppId,
        SignName: this.row.signName,
        TemplateId: this.row.templateCode,
        TemplateParamSet: [message.code],
      });
    } catch (error) {
      // The SDK throws the API's refusal (Response.Error) as a TencentCloudSDKHttpException with its `code`.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code) throw new SmsSendError(tencentMessage(code), code);
      throw unavailable(error);
    }
    // A request the API accepted may still be refused per number.
    const status = answer.SendStatusSet?.[0]?.Code ?? 'UNKNOWN';
    if (status !== 'Ok') throw new SmsSendError(tencentMessage(status), status);
  }
}
