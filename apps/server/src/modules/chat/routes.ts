import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { undici } from '../../platform/lazy-modules.js';

/**
 * The streamed chat-completion helper (`POST /ta/v1/chat/completions`). The console's
 * assistant sends an OpenAI-style body; the server checks it, charges the caller's budgets and relays the
 * upstream's server-sent events unchanged, so any OpenAI-compatible service (DeepSeek, Qwen, a local vLLM…)
 * can stand behind it. The upstream's key never leaves the server. When the browser goes away the upstream
 * request is aborted at once, so nothing keeps generating (and billing) for nobody.
 *
 * Budgets (shared store, so they hold across instances): requests per minute per user and per tenant, and tokens
 * per day per user and per tenant. A request is charged its `max_tokens` plus its prompt's length in characters
 * (a generous count of its tokens) before it is sent: the upstream cannot run past a budget it was not granted.
 */

export const ChatMessage = {
  NOT_CONFIGURED: '智能助手未配置,请联系管理员',
  MODEL_NOT_ALLOWED: '不支持该模型',
  TOO_MANY_REQUESTS: '提问过于频繁,请稍后再试',
  DAILY_BUDGET: '今日智能助手额度已用完,请明天再试',
  UPSTREAM_FAILED: '智能助手服务暂不可用,请稍后再试',
  MESSAGES_REQUIRED: '请输入问题',
  MESSAGE_TOO_LONG: '问题内容过长',
  TOO_MANY_MESSAGES: '对话轮数过多,请开始新的对话',
  TOKENS_INVALID: `max_tokens 须为 1 到 ${CHAT_MAX_TOKENS} 的整数`,
  TEMPERATURE_INVALID: 'temperature 须在 0 到 2 之间',
} as const;

const LIMITS = {
  messages: 40,
  messageChars: 8_000,
  totalChars: 32_000,
  /** The whole exchange, stream included. */
  maxStreamMs: 180_000,
} as const;

const chatBody = z.object({
  model: z.string().max(100).optional(),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'user', 'assistant']),
        content: z.string().max(LIMITS.messageChars, ChatMessage.MESSAGE_TOO_LONG),
      }),
      { error: ChatMessage.MESSAGES_REQUIRED },
    )
    .min(1, ChatMessage.MESSAGES_REQUIRED)
    .max(LIMITS.messages, ChatMessage.TOO_MANY_MESSAGES)
    .refine(
      (messages) => messages.reduce((n, m) => n + m.content.length, 0) <= LIMITS.totalChars,
      ChatMessage.MESSAGE_TOO_LONG,
    ),
  max_tokens: z
    .number({ error: ChatMessage.TOKENS_INVALID })
    .int(ChatMessage.TOKENS_INVALID)
    .min(1, ChatMessage.TOKENS_INVALID)
    .max(CHAT_MAX_TOKENS, ChatMessage.TOKENS_INVALID)
    .optional()
    .default(CHAT_MAX_TOKENS),
  temperature: z
    .number({ error: ChatMessage.TEMPERATURE_INVALID })
    .min(0, ChatMessage.TEMPERATURE_INVALID)
    .max(2, ChatMessage.TEMPERATURE_INVALID)
    .optional()
    .default(CHAT_TEMPERATURE),
  stream: z.boolean().optional().default(true),
});

const DAY_SECONDS = 86_400;

export const chatModule = defineModule('chat', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = deps.config;
  // The upstream is the operator's configuration, not a caller's URL: a dedicated pool with explicit timeouts
  // (undici's defaults are minutes), no redirects followed.
  // Made (and undici loaded) by the first chat call: most instances never make one.
  let dispatcher: Dispatcher | undefined;
  const upstreamPool = () =>
    (dispatcher ??= new (undici().Agent)({
      connect: { timeout: 10_000 },
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    }));
  app.addHook('onClose', async () => {
    await dispatcher?.close();
  });

  const charge = async (key: string, ttl: number, by: number, limit: number, message: string) => {
    const used = await deps.store.increment(key, ttl, by);
    if (used > limit) throw new AppError(429, 429, message);
  };

  api.post(
    '/ta/v1/chat/completions',
    {
      // Prompts can be long; the API log records that the call happened, never what was asked.
      bodyLimit: 256 * 1024,
      config: { access: access.authenticated, logBody: false },
      schema: { body: chatBody },
    },
    async (request, reply) => {
      if (!chat.baseUrl) throw new AppError(503, 503, ChatMessage.NOT_CONFIGURED);
      const body = request.body;
      const model = body.model ?? chat.models[0] ?? '';
      if (!chat.models.includes(model)) throw new AppError(400, 400, ChatMessage.MODEL_NOT_ALLOWED);

      const ctx = contextOf(request);
      const minute = Math.floor(Date.now() / 60_000);
      const day = new Date().toISOString().slice(0, 10);
      const who = `${ctx.tenantId}:${ctx.userId}`;
      await charge(`chat:rpm:u:${who}:${minute}`, 120, 1, chat.userPerMinute, ChatMessage.TOO_MANY_REQUESTS);
      await charge(
        `chat:rpm:t:${ctx.tenantId}:${minute}`,
        120,
        1,
        chat.tenantPerMinute,
        ChatMessage.TOO_MANY_REQUESTS,
      );
      const cost = body.max_tokens + body.messages.reduce((n, m) => n + m.content.length, 0);
      await charge(
        `chat:tok:u:${who}:${day}`,
        DAY_SECONDS,
        cost,
        chat.userTokensPerDay,
        ChatMessage.DAILY_BUDGET,
      );
      await charge(
        `chat:tok:t:${ctx.tenantId}:${day}`,
        DAY_SECONDS,
        cost,
        chat.tenantTokensPerDay,
        ChatMessage.DAILY_BUDGET,
      );

      // Aborted when the browser disconnects or the exchange runs too long.
      const abort = new AbortController();
      const deadline = setTimeout(() => abort.abort(), LIMITS.maxStreamMs);
      const onGone = () => {
        if (!reply.raw.writableFinished) abort.abort();
      };
      reply.raw.once('close', onGone);
      const cleanup = () => {
        clearTimeout(deadline);
        reply.raw.off('close', onGone);
      };

      let upstream: Dispatcher.ResponseData;
      try {
        upstream = await undici().request(`${chat.baseUrl}/chat/completions`, {
          dispatcher: upstreamPool(),
          method: 'POST',
          signal: abort.signal,
          headers: {
            'content-type': 'application/json',
            accept: body.stream ? 'text/event-stream' : 'application/json',
            ...(chat.apiKey ? { authorization: `Bearer ${chat.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model,
            messages: body.messages,
            max_tokens: body.max_tokens,
            temperature: body.temperature,
            stream: body.stream,
            // Who asked, for the provider's abuse tracking — an opaque id, never a name.
            user: `${ctx.tenantId}-${ctx.userId}`,
          }),
        });
      } catch (error) {
        cleanup();
        request.log.warn({ err: error }, 'chat upstream unreachable');
        throw new AppError(502, 502, ChatMessage.UPSTREAM_FAILED);
      }
      if (upstream.statusCode < 200 || upstream.statusCode >= 300) {
        cleanup();
        await upstream.body.dump().catch(() => {});
        request.log.warn({ status: upstream.statusCode }, 'chat upstream refused');
        throw new AppError(502, 502, ChatMessage.UPSTREAM_FAILED);
      }
      const stream = upstream.body;
      // A stall or failure mid-stream ends the answer; the client sees the stream end early.
      stream.once('error', () => abort.abort());
      stream.once('close', cleanup);
      const type = upstream.headers['content-type'];
      return (
        reply
          .code(200)
          .header('content-type', (Array.isArray(type) ? type[0] : type) ?? 'text/event-stream')
          .header('cache-control', 'no-cache, no-transform')
          // nginx and other proxies must pass each event on as it comes.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
});
