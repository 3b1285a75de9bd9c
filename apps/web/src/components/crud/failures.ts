import type { MessageInstance } from 'antd/es/message/interface';
import { RequestError } from '../../api/request';

/**
 * After a failed call: answers with a code other than 200 were already shown by the request client,
 * silent ones are the caller's on purpose; anything else (network failure, time-out, a bug) is shown here.
 */
export function reportFailure(error: unknown, message: MessageInstance): void {
  if (error instanceof RequestError && (error.kind === 'answer' || error.silent)) return;
  const text = error instanceof Error && error.message ? error.message : String(error);
  void message.error(text);
}
