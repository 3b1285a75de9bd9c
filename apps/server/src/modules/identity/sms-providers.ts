import type { Agent } from 'node:https';
import { SMS_ALIYUN, SMS_TENCENT, SmsProviderMessage } from '@cube/contract';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import { guardedHttpsAgent, serviceNetwork } from '../../platform/outbound.js';
import { SecretBox } from '../../platform/secret-box.js';
import { ALIYUN_SMS_HOST, AliyunSmsSender } from './connectors/sms-aliyun.js';
import { SmsSendError, type SmsSender } from './connectors/sms-sender.js';
import { TENCENT_SMS_HOST, TencentSmsSender } from './connectors/sms-tencent.js';
import { enabledSmsProvider } from './sms-provider.queries.js';

export { ALIYUN_SMS_HOST, AliyunSmsSender } from './connectors/sms-aliyun.js';
export { TENCENT_SMS_HOST, TencentSmsSender } from './connectors/sms-tencent.js';

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

  private enabled(tenantId: string) {
    return withTenantScope(tenantId, () => enabledSmsProvider(this.deps.db.db, tenantId));
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
