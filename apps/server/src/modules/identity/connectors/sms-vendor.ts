import { SmsProviderMessage } from '@cube/contract';
import type { Row } from '../../../db/types.js';
import { SmsSendError } from './sms-sender.js';

/** A send that takes longer has failed (the visitor may ask again after the resend minute). */
export const SEND_TIMEOUT_MS = 8_000;

export type SmsProviderRow = Row<'cubeSmsProvider'>;

/** The AccessKey pair (the secret opened from its sealed column). */
export interface SmsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
}

/** Network trouble (refused by the guard, timed out, unreadable answer) rather than a vendor's decision. */
export const unavailable = (error: unknown) =>
  new SmsSendError(SmsProviderMessage.UNAVAILABLE, String((error as { code?: string }).code ?? 'NETWORK'));
