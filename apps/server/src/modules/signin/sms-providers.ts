import type { Agent } from 'node:https';
import { SMS_ALIYUN, SMS_TENCENT, SmsProviderMessage } from '@cube/contract';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import type { Row } from '../../db/types.js';
import { aliyunRpcClient, tencentSms } from '../../platform/lazy-modules.js';
import { guardedHttpsAgent, serviceNetwork } from '../../platform/outbound.js';
import { SecretBox } from '../../platform/secret-box.js';
import { SmsSendError, type SmsSender } from './sms.js';

/** The vendors' API hosts: the only names the SMS agent connects to. */
export const ALIYUN_SMS_HOST = 'dysmsapi.aliyuncs.com';
export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com';
const TENCENT_DEFAULT_REGION = 'ap-guangzhou';
const ALIYUN_DEFAULT_PARAM = 'code';
/** A send that takes longer has failed (the visitor may ask again after the resend minute). */
const SEND_TIMEOUT_MS = 8_000;

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

/** Network trouble (refused by the guard, timed out, unreadable answer) rather than a vendor's decision. */
const unavailable = (error: unknown) =>
  new SmsSendError(SmsProviderMessage.UNAVAILABLE, String((error as { code?: string }).code ?? 'NETWORK'));

type Provider = Row<'cubeSmsProvider'>;
interface Credentials {
  accessKeyId: string;
  accessKeySecret: string;
}

/** Alibaba Cloud SMS (`SendSms`, API 2017-05-25) through the vendor's POP SDK, signed with the AccessKey. */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';
  constructor(
    private readonly row: Provider,
    private readonly credentials: Credentials,
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

/** Tencent Cloud SMS (`SendSms`, API 2021-01-11) through the vendor's SDK, signed TC3-HMAC-SHA256. */
export class TencentSmsSender implements SmsSender {
  readonly name = 'tencent';
  constructor(
    private readonly row: Provider,
    private readonly credentials: Credentials,
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

/**
 * Each tenant's configured SMS service (`cube_sms_provider`, at most one enabled): its sender, or undefined when
 * the tenant has none. The vendor SDKs load on the first send (platform/lazy-modules.ts) and connect only to the
 * vendor's host through the guarded agent.
 */
export class SmsProviders {
  readonly secrets: SecretBox;
  private readonly agent: Agent;

  constructor(private readonly deps: { db: DatabaseHandle; config: AppConfig }) {
    this.secrets = new SecretBox(deps.config.jwtSecret, { salt: 'cube-sms', info: 'sms access key secret' });
    const { network, loopback } = deps.config.outbound;
    this.agent = guardedHttpsAgent(serviceNetwork(network, !!loopback), {
      allowedHosts: [ALIYUN_SMS_HOST, TENCENT_SMS_HOST],
    });
  }

  private enabled(tenantId: string): Promise<Provider | undefined> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db
        .selectFrom('cubeSmsProvider')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('enabled', '=', 1)
        .where('isDeleted', '=', 0)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
  }

  /**
   * The tenant's sender; undefined when none is configured. A stored secret that no longer opens (the server
   * secret was rotated) is a configuration error the visitor is told about, not a reason to fall back.
   */
  async senderFor(tenantId: string): Promise<SmsSender | undefined> {
    const row = await this.enabled(tenantId);
    if (!row) return undefined;
    const secret = this.secrets.open(row.accessKeySecret);
    if (!secret) throw new SmsSendError(SmsProviderMessage.MISCONFIGURED, 'SECRET_UNREADABLE');
    const credentials = { accessKeyId: row.accessKeyId, accessKeySecret: secret };
    if (row.category === SMS_ALIYUN) return new AliyunSmsSender(row, credentials, this.agent);
    if (row.category === SMS_TENCENT) return new TencentSmsSender(row, credentials, this.agent);
    return undefined;
  }
}
