import { envelopeSchema, loginResultSchema, pageSchema, siteInfoSchema } from '@cube/contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handlers } from './handlers';
import { mockEntities } from './records';

/**
 * The mock layer cannot drift from the contract: every answer it gives is parsed with the schema the server's
 * answer is checked against (msw/node intercepts `fetch` here as the service worker does in a browser).
 */
const server = setupServer(...handlers);
// Handlers name paths only: they answer on the page's own origin (jsdom's here).
const origin = window.location.origin;
const get = async (path: string) => (await fetch(`${origin}${path}`)).json();
const post = async (path: string, body: unknown) =>
  (
    await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the mock layer', () => {
  it('answers site info and sign-in in the contract’s shapes', async () => {
    expect(() => envelopeSchema(siteInfoSchema).parse(0)).toThrow();
    envelopeSchema(siteInfoSchema).parse(await get('/api/cube-system/tenant/info?domain=x'));
    loginResultSchema.parse(await post('/api/cube-auth/oauth/token', {}));
  });

  it('covers every entity of the contract', () => {
    expect(mockEntities.length).toBeGreaterThanOrEqual(15);
    expect(mockEntities.map((e) => e.name)).toEqual(expect.arrayContaining(['param', 'notice', 'lead']));
  });

  it.each(mockEntities.map((e) => [e.name, e] as const))(
    '%s: list, detail and submit parse with its record schema',
    async (_name, entity) => {
      const list = await get(`${entity.api}/list?current=1&size=5`);
      const record = entity.record;
      const rows = entity.tree
        ? envelopeSchema(z.array(record.loose())).parse(list).data
        : envelopeSchema(pageSchema(record)).parse(list).data.records;
      expect(rows.length).toBeGreaterThan(0);
      const first = rows[0] as { id: string };
      envelopeSchema(record).parse(await get(`${entity.api}/detail?id=${first.id}`));
      // An empty submit answers the entity's own first validation message, as the server does.
      const refused = await post(`${entity.api}/submit`, {});
      const check = entity.input.safeParse({});
      if (!check.success)
        expect(refused).toMatchObject({ success: false, msg: check.error.issues[0]?.message });
    },
  );
});
