import { ResultCode, ResultMessage } from '@cube/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fail } from './envelope.js';
import { AppError } from './errors.js';

/**
 * Input every route gets checked the same way, before any handler or schema sees it:
 * NUL characters, JSON nesting depth, and a known path called with a method it does not serve.
 */

/**
 * The deepest JSON body accepted: arrays and objects both count, the outermost one is level 1. The contract's
 * bodies need 4 levels at most; 32 leaves room for the free-form `info` of a browser error log, whose JSON text
 * is cut to 4,000 characters anyway. Without a cap, a body of a few kilobytes (`[[[[…`) nests deep enough to
 * overflow the stack of the code that walks it later (`JSON.stringify`, schema validation).
 */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MESSAGES = {
  NUL: '请求参数含有非法字符(空字符)',
  TOO_DEEP: `请求内容嵌套层级过深(最多${MAX_JSON_DEPTH}层)`,
} as const;

const badInput = (message: string) => new AppError(400, ResultCode.FAILURE, message);

/** True when the JSON text opens more than `max` arrays/objects inside one another (strings are skipped). */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote: a quote preceded by an odd number of backslashes is escaped.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false; // unterminated string: the parser refuses it
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c /* \ */) slashes++;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * True when a parsed value holds a NUL character in any string or key. PostgreSQL text columns refuse NUL (the
 * query fails: a 500), SQLite would store a value that C code reads cut short; no form field ever needs one.
 * Recursion is bounded: JSON bodies are capped at MAX_JSON_DEPTH, query strings and form bodies are flat.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(containsNul);
  // Buffers and streams (multipart, raw bodies) are not text input.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item)) return true;
  }
  return false;
}

/** Methods served per route pattern, to tell "wrong method" (405) from "no such path" (404). */
class RouteMethods {
  private readonly patterns = new Map<string, { regex: RegExp; methods: Set<string> }>();

  add(url: string, methods: string | string[]): void {
    let entry = this.patterns.get(url);
    if (!entry) {
      entry = { regex: patternToRegex(url), methods: new Set() };
      this.patterns.set(url, entry);
    }
    for (const method of Array.isArray(methods) ? methods : [methods])
      entry.methods.add(method.toUpperCase());
  }

  /** Methods some route serves for this path (case-sensitive, no trailing-slash folding, like the router). */
  allowed(pathname: string): string[] {
    const methods = new Set<string>();
    for (const { regex, methods: m } of this.patterns.values()) {
      if (regex.test(pathname)) for (const method of m) methods.add(method);
    }
    // A GET route also answers HEAD (Fastify exposes head routes).
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

/** A find-my-way pattern (`/a/:id`, `/files/*`) as an anchored regular expression. */
function patternToRegex(url: string): RegExp {
  let source = '';
  for (const segment of url.split(/(\*|:[A-Za-z0-9_]+)/)) {
    if (segment === '*') source += '.*';
    else if (segment.startsWith(':')) source += '[^/]+';
    else source += segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The path of a request URL, decoded as the router decodes it; undefined when it cannot be decoded. */
function pathnameOf(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURI(raw);
  } catch {
    return undefined;
  }
}

export interface InputGuards {
  /** The URL check every request passes before access control: an error to answer with, or undefined. */
  refuseUrl(request: FastifyRequest): Error | undefined;
  /** For the not-found handler: answers 405 with `Allow` when the path exists under other methods. */
  answerWrongMethod(request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Installs the guards. Call before any route is registered (the route index is built from `onRoute`).
 */
export function installInputGuards(app: FastifyInstance): InputGuards {
  // JSON bodies: depth first (a linear scan of the text), then Fastify's own parser, which keeps refusing
  // `__proto__` and `constructor.prototype` keys (secure-json-parse) as configured on the instance.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
      done(badInput(INPUT_MESSAGES.TOO_DEEP), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // Query string and path parameters: a NUL can only arrive percent-encoded in the URL (the HTTP parser refuses a
  // raw one in the request line), so one substring test of the URL covers both, before access control or any
  // hook reads them: run by the request pipeline's one `onRequest` hook (platform/http-pipeline.ts), not a hook of
  // its own — each hook costs every request, and the cheapest answers feel it. Bodies once parsed, before
  // validation, on the routes that take one (every parser: JSON, form). Callback hooks: an async hook costs a
  // promise per request.
  const refuseNulBody = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    done(containsNul(request.body) ? badInput(INPUT_MESSAGES.NUL) : undefined);
  };

  const methods = new RouteMethods();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith('/api/') || route.url === '/api') methods.add(route.url, route.method);
    const verbs = Array.isArray(route.method) ? route.method : [route.method];
    if (verbs.some((m) => m !== 'GET' && m !== 'HEAD')) {
      const own = route.preValidation;
      route.preValidation = own ? [refuseNulBody, ...(Array.isArray(own) ? own : [own])] : [refuseNulBody];
    }
  });

  return {
    refuseUrl: (request) => (request.url.includes('%00') ? badInput(INPUT_MESSAGES.NUL) : undefined),
    answerWrongMethod(request, reply) {
      const pathname = pathnameOf(request.url);
      if (!pathname) return false;
      const allowed = methods.allowed(pathname);
      if (allowed.length === 0 || allowed.includes(request.method)) return false;
      reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send(fail(ResultCode.METHOD_NOT_SUPPORTED, ResultMessage.METHOD_NOT_SUPPORTED));
      return true;
    },
  };
}
