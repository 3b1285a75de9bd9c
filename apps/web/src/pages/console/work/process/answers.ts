import { FlowMessage } from '@cube/contract';
import { RequestError } from '../../../../api/request';

/** The text of a failed flow call: the server's message, else the error's own. */
export function answerError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * The task is not there to handle any more: someone else completed or claimed it (or the instance ended) since
 * this page was opened. The server says so in one of these words, or with a 404.
 */
export function isTaskGone(error: unknown): boolean {
  if (!(error instanceof RequestError) || error.kind !== 'answer') return false;
  return (
    error.code === 404 ||
    error.message === FlowMessage.taskMissing ||
    error.message === FlowMessage.taskTaken ||
    error.message === FlowMessage.taskClaimed ||
    error.message === FlowMessage.instanceFinished
  );
}
