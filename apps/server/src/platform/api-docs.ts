import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, access } from './access.js';
import { DOCS_PAGE_SCRIPT, DOCS_SCRIPT_PATH, docsPageHtml, SWAGGER_PATH } from './api-docs-page.js';
import { routeSummary, routeTag } from './route-labels.js';

/**
 * The API documentation for integrators (BladeX users know knife4j): the OpenAPI document
 * built from every route's zod schemas by @fastify/swagger, served as JSON at {@link OPENAPI_PATH}, browsable at
 * {@link DOCS_PATH} through a light page of our own (api-docs-page.ts) and tried out at `/api/docs/swagger` through
 * @fastify/swagger-ui. Only when `config.apiDocs` is on (never by default in production).
 *
 * Routes are not annotated one by one: the transform below gives each route its tag (the screen it belongs to)
 * and Chinese summary from its path (platform/route-labels.ts), and its security from its access declaration —
 * public routes need nothing, the token endpoints the client's Basic header, every other route `Cube-Auth`.
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const TOKEN_ROUTES = new Set(['/api/cube-auth/oauth/token', '/api/cube-auth/oauth/token/refresh']);

/**
 * The docs pages load their own scripts (the light page's, swagger-ui's bundle, stylesheet and the generated initializer from the same origin
 * (no inline script); swagger-ui sets inline styles and data: images. This replaces, for the docs routes only, the
 * `default-src 'none'` every other /api answer carries (platform/http-pipeline.ts).
 */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
};

interface TransformInput {
  schema?: Record<string, unknown>;
  url: string;
  route?: { method?: string | string[]; config?: { access?: Access } };
}

function describe(document: TransformInput) {
  const original = (document.schema ?? {}) as Record<string, unknown>;
  const { schema, url } = jsonSchemaTransform({ ...document, schema: original } as never) as {
    schema: Record<string, unknown>;
    url: string;
  };
  if (schema.hide) return { schema, url };
  // Pages of the public site and the console are not API.
  if (!url.startsWith('/api/') && !url.startsWith('/ta/')) return { schema: { ...schema, hide: true }, url };
  const methods = document.route?.method ?? 'GET';
  const method = Array.isArray(methods) ? (methods[0] ?? 'GET') : methods;
  const declared = document.route?.config?.access;
  schema.tags ??= [routeTag(url)];
  schema.summary ??= routeSummary(method, url);
  if (TOKEN_ROUTES.has(url)) schema.security ??= [{ ClientBasic: [] }];
  else if (declared && declared.kind !== 'public') schema.security ??= [{ CubeAuth: [] }];
  else schema.security ??= [];
  return { schema, url };
}

/** Registers the OpenAPI generator and the docs page; called before any route exists (it collects them). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // Loaded only when the docs are served (never by default in production): they are not small.
  const { default: swagger } = await import('@fastify/swagger');
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cube Portal API',
        version: '0.1.0',
        description:
          '立方门户接口文档。除登录、验证码等公开接口外,请求需带 `Cube-Auth: bearer <access_token>` 请求头;' +
          '获取令牌(`/api/cube-auth/oauth/token`)需带客户端的 `Authorization: Basic base64(clientId:clientSecret)`。' +
          '响应统一为 `R` 结构 `{code, success, msg, data}`,分页为 `IPage` `{records, total, size, current, pages}`。',
      },
      components: {
        securitySchemes: {
          CubeAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Cube-Auth',
            description: '访问令牌,值为 `bearer <access_token>`(登录接口返回的 access_token)',
          },
          ClientBasic: {
            type: 'http',
            scheme: 'basic',
            description: '客户端凭据:clientId 与 clientSecret(获取令牌和刷新令牌时使用)',
          },
        },
      },
    },
    transform: describe as never,
  });
  // Its routes are public documentation (they exist only when the docs are on): declared so here, since the
  // plugin registers them itself and every /api route must declare its access (platform/access.ts).
  await app.register(async (docs) => {
    const route = docs.route;
    // Called on the plugin's own (prefixed) instances, so `this` is kept rather than bound.
    docs.route = function (this: FastifyInstance, options: RouteOptions) {
      return route.call(this, { ...options, config: { ...options.config, access: access.public } });
    } as typeof docs.route;
    const cspHeader = Object.entries(DOCS_CSP)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join('; ');
    const page = docsPageHtml(OPENAPI_PATH);
    const hidden = { schema: { hide: true }, config: { access: access.public } };
    docs.get(DOCS_PATH, hidden, async (_request, reply) =>
      reply.header('content-security-policy', cspHeader).type('text/html; charset=utf-8').send(page),
    );
    docs.get(DOCS_SCRIPT_PATH, hidden, async (_request, reply) =>
      reply
        .header('content-security-policy', cspHeader)
        .header('cache-control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(DOCS_PAGE_SCRIPT),
    );
    await docs.register(swaggerUi, {
      routePrefix: SWAGGER_PATH,
      staticCSP: DOCS_CSP,
      uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
      theme: { title: '立方门户接口文档' },
    });
  });
}
