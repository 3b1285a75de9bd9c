import { NotificationMessage } from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError } from '../../platform/errors.js';
import { nodemailer } from '../../platform/lazy-modules.js';
import { SecretBox } from '../../platform/secret-box.js';
import { allSmtpSettings, moveMail, pendingMail } from './notification.queries.js';

/**
 * The e-mail copies of notifications. A notification is written inside its event's transaction with the mail
 * state `pending`; this job, run every half minute once across all instances, mails the pending ones of tenants
 * whose SMTP server is set up and enabled, to users with an address (the others become `skipped`). Each copy is
 * claimed by one conditional update (`pending` → `sending`) before it is sent, so two instances never mail one
 * twice. A failed send is logged and marked `failed`; it never reaches the request that caused the event.
 */
const INTERVAL_MS = 30_000;
const BATCH = 200;
/** Gives up on an unresponsive SMTP server after this long (ms), so one tenant cannot hold the job. */
const SMTP_TIMEOUT_MS = 15_000;
/** The test mail is sent while the administrator waits: a shorter wait. */
const TEST_TIMEOUT_MS = 10_000;

export const smtpSecrets = (serverSecret: string) =>
  new SecretBox(serverSecret, { salt: 'cube-smtp', info: 'smtp password' });

type Transport = ReturnType<ReturnType<typeof nodemailer>['createTransport']>;
type SmtpRow = Database['cubeNotificationSmtp'];

/** One tenant's transport: the stored settings, the password opened from its seal. */
function transportOf(smtp: SmtpRow, secrets: SecretBox, timeoutMs: number): Transport {
  const password = smtp.password ? (secrets.open(smtp.password) ?? '') : '';
  return nodemailer().createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure === 1,
    auth: smtp.username ? { user: smtp.username, pass: password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** Sends what is pending; answers how many mails went out. */
export async function sendPendingMail(
  db: Kysely<Database>,
  secrets: SecretBox,
  log: FastifyBaseLogger,
): Promise<number> {
  const pending = await pendingMail(db, BATCH);
  if (pending.length === 0) return 0;
  const settings = new Map((await allSmtpSettings(db)).map((s) => [s.tenantId, s]));
  const transports = new Map<string, { transport: Transport; from: string }>();
  let sent = 0;
  try {
    for (const item of pending) {
      const id = String(item.id);
      const smtp = settings.get(item.tenantId);
      if (!smtp?.enabled || !smtp.host || !item.email) {
        await moveMail(db, id, 'pending', 'skipped');
        continue;
      }
      if (!(await moveMail(db, id, 'pending', 'sending'))) continue;
      let entry = transports.get(item.tenantId);
      if (!entry) {
        entry = { transport: transportOf(smtp, secrets, SMTP_TIMEOUT_MS), from: smtp.fromAddress };
        transports.set(item.tenantId, entry);
      }
      try {
        await entry.transport.sendMail({
          from: entry.from,
          to: item.email,
          subject: item.title,
          text: item.body || item.title,
        });
        await moveMail(db, id, 'sending', 'sent');
        sent++;
      } catch (error) {
        log.warn({ err: error, tenantId: item.tenantId, notificationId: id }, 'notification mail failed');
        await moveMail(db, id, 'sending', 'failed');
      }
    }
  } finally {
    for (const { transport } of transports.values()) transport.close();
  }
  return sent;
}

/** Nodemailer's error codes of a server that could not be reached or spoken to at all. */
const UNREACHABLE = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'EPROTOCOL',
]);

/**
 * What a failed send means to the administrator, in Chinese: unreachable (no detail, so the answer is no probe of
 * the network behind the server), login refused, address refused, or refused with the server's own reply.
 */
export function smtpFailure(error: unknown): string {
  const { code, response } = (error ?? {}) as { code?: unknown; response?: unknown };
  if (code === 'EAUTH') return NotificationMessage.smtpAuthRefused;
  if (code === 'EENVELOPE') return NotificationMessage.smtpRecipientRefused;
  if (typeof code === 'string' && UNREACHABLE.has(code)) return NotificationMessage.smtpUnreachable;
  const reply = typeof response === 'string' ? response.trim().slice(0, 200) : '';
  return reply ? `${NotificationMessage.smtpRefused}：${reply}` : NotificationMessage.smtpRefused;
}

/**
 * Sends one test mail through a tenant's stored settings (enabled or not: the administrator tries them before
 * switching them on). A failure is a {@link BizError} carrying {@link smtpFailure}'s message.
 */
export async function sendTestMail(
  smtp: SmtpRow,
  secrets: SecretBox,
  mail: { to: string; subject: string; text: string },
): Promise<void> {
  const transport = transportOf(smtp, secrets, TEST_TIMEOUT_MS);
  try {
    await transport.sendMail({ from: smtp.fromAddress, ...mail });
  } catch (error) {
    throw new BizError(smtpFailure(error));
  } finally {
    transport.close();
  }
}

/** Registers the mail job (`CUBE_NOTIFY_MAIL=off` leaves it out). */
export function startMailJob(deps: AppDeps, log: FastifyBaseLogger): void {
  if (process.env.CUBE_NOTIFY_MAIL === 'off') return;
  const secrets = smtpSecrets(deps.config.jwtSecret);
  deps.jobs.register({
    name: 'notify-mail',
    intervalMs: INTERVAL_MS,
    run: async () => {
      const count = await sendPendingMail(deps.db.db, secrets, log);
      if (count > 0) log.info({ count }, 'notification mails sent');
    },
  });
}
