import { CHAT_COMPLETIONS_URL, CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from '@cube/contract';
import { createParser } from 'eventsource-parser';
import { answerMessage, callHeaders, RequestError } from './request';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * `POST /ta/v1/chat/completions` (at most 1200 tokens, temperature 0.8), read as it streams: each
 * server-sent event's `choices[0].delta.content` is handed to `onDelta` the moment it arrives. Aborting the
 * signal stops reading, which closes the connection; the server then aborts its upstream call.
 */
export async function streamChat(
  messages: readonly ChatTurn[],
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(CHAT_COMPLETIONS_URL, {
    method: 'POST',
    headers: { ...callHeaders(), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      messages,
      max_tokens: CHAT_MAX_TOKENS,
      temperature: CHAT_TEMPERATURE,
      stream: true,
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    // Refusals come as the usual envelope (`msg`, else '未知错误').
    const body: unknown = await response.json().catch(() => undefined);
    throw new RequestError(answerMessage(body), { code: response.status, kind: 'answer', body });
  }
  let finished = false;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') {
        finished = true;
        return;
      }
      try {
        const chunk = JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: string } }> };
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) onDelta(text);
      } catch {
        // A line that is not JSON (a comment or keep-alive) carries no text.
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!finished) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  await reader.cancel().catch(() => {});
}
