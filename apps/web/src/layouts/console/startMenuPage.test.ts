import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/menu';
import { request } from '../../api/request';
import { mockAdapter, ok } from '../../test/mockAdapter';
import { startMenuPage } from './prefetch';

const leaf = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  parentId: '0',
  code: 'x',
  name: '页面',
  path,
  ...extra,
});

/** A click on a menu leaf sends its screen's first calls beside its code, the first time only. */
describe('startMenuPage', () => {
  const originalAdapter = request.defaults.adapter;
  const sent: string[] = [];
  beforeAll(() => {
    request.defaults.adapter = mockAdapter((config) => {
      sent.push(request.getUri(config));
      return /dictionary$/.test(config.url ?? '') ? ok([]) : ok({ records: [], total: 0 });
    });
  });
  afterAll(() => {
    request.defaults.adapter = originalAdapter;
  });

  it('sends the declared calls once, and takes their answers for the screen’s own calls', async () => {
    startMenuPage(leaf('/system/post/'));
    startMenuPage(leaf('/system/post'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      '/api/cube-system/post/list?current=1&size=10',
      '/api/cube-system/dict/dictionary?code=post_category',
    ]);
    // The screen's own call, once rendered: answered by the early one.
    await request.get('/api/cube-system/post/list', { params: { current: 1, size: 10 } });
    expect(sent).toHaveLength(2);
  });

  it('sends nothing for a screen without declared calls, an html page or an outside link', async () => {
    sent.length = 0;
    startMenuPage(leaf('/work/start/form'));
    startMenuPage(leaf('/help/guide.html'));
    startMenuPage(leaf('https://docs.example.com/guide'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });
});
