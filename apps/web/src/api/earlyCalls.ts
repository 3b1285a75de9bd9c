import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** A GET a screen makes as soon as it renders: its address and query, as its own code sends them. */
export interface EarlyCall {
  url: string;
  params?: Record<string, string | number | boolean>;
}

declare module 'axios' {
  // Type parameters must repeat axios' own declaration for the merge to apply.
  // biome-ignore lint/suspicious/noExplicitAny: mirrors `AxiosRequestConfig<D = any, P = any>`
  interface AxiosRequestConfig<D = any, P = any> {
    /**
     * Sent ahead of the code that needs it: its answer is kept for the first identical GET (see sendEarly). Called
     * as the call leaves.
     */
    early?: () => void;
  }
}

/** An answer sent ahead is kept this long for the call it stands in for; after that the screen asks again. */
export const EARLY_ANSWER_TTL_MS = 10_000;

interface Kept {
  answer: Promise<AxiosResponse>;
  sentAt: number;
}

const installed = new WeakMap<AxiosInstance, Map<string, Kept>>();

/**
 * What makes two GETs the same call: the full address with its query, and the headers the interceptors set (the
 * user's token, the switch-mode identity, a screen's own tenant header), so that an answer never reaches a call
 * another user or another tenant would have made.
 */
function callKey(client: AxiosInstance, config: InternalAxiosRequestConfig): string {
  const headers = Object.entries(config.headers?.toJSON?.() ?? {})
    .map(([name, value]) => `${name.toLowerCase()}=${String(value)}`)
    .sort();
  return `${client.getUri(config)}\n${headers.join('\n')}`;
}

/**
 * Lets `client` answer a GET from a call sent ahead of it with {@link sendEarly}: the first identical GET within
 * {@link EARLY_ANSWER_TTL_MS} takes the early answer (in flight or arrived) instead of asking the server again,
 * once; a later one, a different one and any write go to the server as usual. The answer then passes the client's
 * own response rules with the taking call's options (its error handling, its caller). An early call that failed
 * to get an answer is forgotten, and the taking call goes to the server itself.
 */
export function installEarlyAnswers(client: AxiosInstance): void {
  if (installed.has(client)) return;
  const kept = new Map<string, Kept>();
  installed.set(client, kept);
  const send = axios.getAdapter(client.defaults.adapter);
  client.defaults.adapter = (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') return send(config);
    const now = Date.now();
    for (const [key, entry] of kept) if (now - entry.sentAt > EARLY_ANSWER_TTL_MS) kept.delete(key);
    const key = callKey(client, config);
    if (config.early) {
      config.early();
      const answer = send(config);
      kept.set(key, { answer, sentAt: now });
      answer.catch(() => kept.delete(key));
      return answer;
    }
    const early = kept.get(key);
    if (!early) return send(config);
    kept.delete(key);
    return early.answer.then(
      (response) => ({ ...response, config }),
      () => send(config),
    );
  };
}

/**
 * Sends `calls` now, ahead of the screen that will make them once its code has arrived and rendered, so that the
 * server works while the browser loads the code. Their answers wait in the client for the screen's own calls;
 * nothing is shown for them (a failure is the screen's own call's to report). Resolves once every call has left
 * (the client's interceptors pass it on over a few promise steps): a render started before then, such as the
 * navigation to the screen, would hold them back until it ends.
 */
export function sendEarly(client: AxiosInstance, calls: readonly EarlyCall[]): Promise<void> {
  installEarlyAnswers(client);
  return Promise.all(
    calls.map(
      (call) =>
        new Promise<void>((left) => {
          client
            .get(call.url, { params: call.params, early: left, handlesErrors: true })
            .catch(() => undefined)
            .finally(left);
        }),
    ),
  ).then(() => undefined);
}
