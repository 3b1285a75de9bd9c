import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { seedRegions } from '../../../seed/regions.js';

const API = '/api/cube-system/region';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('行政区划');
  sheet.addRow(['区划编号', '上级区划编号', '区划名称', '区划层级', '排序', '备注']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(content: Buffer, isCovered?: string) {
  const boundary = `----cube-region-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (isCovered !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n${isCovered}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="region.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dialects)('regions on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let tenantAdmin: string;
  let tenantUser: string;
  const detail = async (code: string) =>
    (await t.call('GET', `${API}/detail?code=${code}`, platform)).body.data;
  const importFile = (content: Buffer, token = platform, isCovered?: string) => {
    const { payload, contentType } = multipart(content, isCovered);
    return t.app.inject({
      method: 'POST',
      url: `${API}/import-region`,
      payload,
      headers: { 'content-type': contentType, 'cube-auth': `bearer ${token}` },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is seeded with the country, provinces, cities and counties, and the next start only counts', async () => {
    const provinces = await t.call('GET', `${API}/lazy-list`, platform);
    expect(provinces.body.data.length).toBe(34);
    expect(provinces.body.data[0]).toMatchObject({
      code: '11',
      name: '北京市',
      parentCode: '00',
      regionLevel: 1,
    });
    expect(provinces.body.data.find((r: { code: string }) => r.code === '11').hasChildren).toBe(true);
    expect(provinces.body.data.find((r: { code: string }) => r.code === '81').hasChildren).toBe(false);
    expect(await detail('00')).toMatchObject({ name: '中华人民共和国', parentCode: '0', regionLevel: 0 });
    expect(await detail('330106')).toMatchObject({
      name: '西湖区',
      parentCode: '3301',
      ancestors: '0,00,33,3301',
      regionLevel: 3,
      provinceName: '浙江省',
      cityCode: '3301',
      cityName: '杭州市',
      districtName: '西湖区',
    });
    const page = await t.call('GET', `${API}/list?regionLevel=3&size=1`, platform);
    expect(page.body.data.total).toBeGreaterThan(2800);
    const before = t.sql.length;
    expect(await seedRegions(t.deps.db.db)).toBe(0);
    // One statement on the table (PostgreSQL adds the row-scope setting of the connection).
    const touched = t.sql.slice(before).filter((q) => q.includes('cube_region'));
    expect(touched).toHaveLength(1);
    expect(touched[0]).toMatch(/count\(\*\)/);
  });

  it("seeds the screen's buttons, 调试 included, for the platform administrator only", async () => {
    type Node = { code: string; name: string; children?: Node[] };
    const codes = async (token: string) => {
      const roots = (await t.call('GET', '/api/cube-system/menu/buttons', token)).body.data as Node[];
      const region = roots.find((r) => r.code === 'region');
      return new Map((region?.children ?? []).map((b) => [b.code, b.name]));
    };
    const buttons = await codes(platform);
    expect(buttons.get('region_debug')).toBe('调试');
    expect([...buttons.keys()]).toEqual(expect.arrayContaining(['region_import', 'region_export']));
    expect((await codes(tenantAdmin)).has('region_debug')).toBe(false);
  });

  it('walks the tree lazily by code, and lets any signed-in user read one level for pickers', async () => {
    const tree = await t.call('GET', `${API}/lazy-tree?parentCode=11`, platform);
    expect(tree.body.data).toEqual([
      { id: '1101', parentId: '11', title: '市辖区', key: '1101', value: '1101', hasChildren: true },
    ]);
    const counties = await t.call('GET', `${API}/lazy-list?parentCode=1101`, platform);
    expect(counties.body.data.map((r: { name: string }) => r.name)).toContain('东城区');
    expect(counties.body.data.every((r: { hasChildren: boolean }) => r.hasChildren === false)).toBe(true);
    const search = await t.call('GET', `${API}/lazy-list?name=西湖`, platform);
    expect(search.body.data.map((r: { code: string }) => r.code)).toContain('330106');
    const select = await t.call('GET', `${API}/select?code=33`, tenantUser);
    expect(select.statusCode).toBe(200);
    expect(select.body.data.map((r: { name: string }) => r.name)).toContain('杭州市');
    expect((await t.call('GET', `${API}/select`, tenantUser)).body.data).toHaveLength(34);
    // The admin screen's reads need the menu code.
    expect((await t.call('GET', `${API}/lazy-list`, tenantUser)).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/lazy-tree?parentCode=abc`, platform)).statusCode).toBe(400);
  });

  it('places a new region under its parent and keeps names along the path', async () => {
    const town = await t.call('POST', `${API}/submit`, platform, {
      code: '330106001',
      parentCode: '330106',
      name: '北山街道',
      regionLevel: 1,
    });
    expect(town.body.code).toBe(200);
    expect(await detail('330106001')).toMatchObject({
      ancestors: '0,00,33,3301,330106',
      regionLevel: 4,
      provinceName: '浙江省',
      districtName: '西湖区',
      townCode: '330106001',
      townName: '北山街道',
    });
    const village = await t.call('POST', `${API}/submit`, platform, {
      code: '330106001001',
      parentCode: '330106001',
      name: '曙光社区',
      regionLevel: 5,
    });
    expect(village.body.code).toBe(200);
    const district = await detail('330106');
    const renamed = await t.call('POST', `${API}/submit`, platform, { ...district, name: '西湖新区' });
    expect(renamed.body.code).toBe(200);
    expect(await detail('330106001001')).toMatchObject({ districtName: '西湖新区', townName: '北山街道' });
    const moved = await t.call('POST', `${API}/submit`, platform, { ...district, parentCode: '3302' });
    expect(moved.body).toMatchObject({ code: 400, msg: '上级区划不能修改' });
    const recoded = await t.call('POST', `${API}/submit`, platform, { ...district, code: '330199' });
    expect(recoded.body).toMatchObject({ code: 400, msg: '区划编号不能修改' });
    const tooDeep = await t.call('POST', `${API}/submit`, platform, {
      code: '330106001001001',
      parentCode: '330106001001',
      name: 'x',
      regionLevel: 5,
    });
    expect(tooDeep.statusCode).toBe(400);
  });

  it('refuses to remove a region that has children, all or nothing', async () => {
    const town = await detail('330106001');
    const village = await detail('330106001001');
    const refused = await t.call('POST', `${API}/remove?ids=${town.id}`, platform);
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    expect(await detail('330106001')).toMatchObject({ id: town.id });
    expect((await t.call('POST', `${API}/remove?ids=${village.id},${town.id}`, platform)).body.code).toBe(
      200,
    );
    expect((await t.call('GET', `${API}/detail?code=330106001`, platform)).statusCode).toBe(404);
    expect(
      (await t.call('POST', `${API}/remove?ids=${(await detail('11')).id}`, tenantAdmin)).statusCode,
    ).toBe(403);
  });

  it('submits and removes by code as a BladeX client does, beside the id-keyed calls', async () => {
    // A new code inserts, under the parent named by parentCode.
    const added = await t.call('POST', `${API}/submit`, platform, {
      code: '330106002',
      parentCode: '330106',
      name: '西溪街道',
    });
    expect(added.body, added.raw).toMatchObject({ code: 200 });
    const town = await detail('330106002');
    expect(town).toMatchObject({ name: '西溪街道', regionLevel: 4, ancestors: '0,00,33,3301,330106' });
    // An existing code without an id updates that region.
    const edited = await t.call('POST', `${API}/submit`, platform, {
      id: '',
      code: '330106002',
      parentCode: '330106',
      name: '西溪新街道',
      sort: 3,
    });
    expect(edited.body, edited.raw).toMatchObject({ code: 200, data: { id: town.id } });
    expect(await detail('330106002')).toMatchObject({ id: town.id, name: '西溪新街道', sort: 3 });
    const village = await t.call('POST', `${API}/submit`, platform, {
      code: '330106002001',
      parentCode: '330106002',
      name: '西溪社区',
    });
    expect(village.body.code).toBe(200);
    // remove?id= names codes; a parent with children stays, codes removed together go.
    const refused = await t.call('POST', `${API}/remove?id=330106002`, platform);
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    expect((await t.call('POST', `${API}/remove?id=999999999`, platform)).statusCode).toBe(404);
    const removed = await t.call('POST', `${API}/remove?id=330106002001,330106002`, platform);
    expect(removed.body, removed.raw).toMatchObject({ code: 200 });
    expect((await t.call('GET', `${API}/detail?code=330106002`, platform)).statusCode).toBe(404);
    expect((await t.call('POST', `${API}/remove?id=11`, tenantAdmin)).statusCode).toBe(403);
  });

  it('exports the filtered regions and the template as xlsx downloads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/export-region?parentCode_equal=3301&cube-auth=${encodeURIComponent(`bearer ${platform}`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('行政区划数据.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '区划编号',
      '上级区划编号',
      '区划名称',
      '区划层级',
      '排序',
      '备注',
    ]);
    const names = sheet?.getColumn(3).values.slice(2);
    expect(names).toContain('西湖新区');
    expect(names?.length).toBeGreaterThan(5);
    const template = await t.app.inject({
      method: 'GET',
      url: `${API}/export-template`,
      headers: { 'cube-auth': `bearer ${platform}` },
    });
    expect(template.statusCode).toBe(200);
    const denied = await t.app.inject({
      method: 'GET',
      url: `${API}/export-region?cube-auth=${encodeURIComponent(`bearer ${tenantUser}`)}`,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('imports new regions parents first, covers existing ones only when asked, and refuses a bad file whole', async () => {
    const file = await workbook([
      ['330106002001', '330106002', '灵隐社区', 5, 1, ''],
      ['330106002', '330106', '灵隐街道', 4, 2, '导入'],
      ['330106', '3301', '西湖区', 3, 1, ''],
    ]);
    const first = await importFile(file);
    expect(JSON.parse(first.body)).toMatchObject({ code: 200, data: { added: 2, updated: 0, skipped: 1 } });
    expect(await detail('330106002001')).toMatchObject({ townName: '灵隐街道', districtName: '西湖新区' });
    const covered = await importFile(file, platform, '1');
    expect(JSON.parse(covered.body)).toMatchObject({ code: 200, data: { added: 0, updated: 3 } });
    expect(await detail('330106002001')).toMatchObject({ districtName: '西湖区' });

    const bad = await workbook([
      ['330106003', '330106', '新街道', 4, 1, ''],
      ['abc', '330106', '坏行', 4, 1, ''],
    ]);
    const refused = JSON.parse((await importFile(bad)).body);
    expect(refused).toMatchObject({ code: 400, msg: '导入文件第3行: 区划编号只能是 2 到 12 位数字' });
    expect((await t.call('GET', `${API}/detail?code=330106003`, platform)).statusCode).toBe(404);
    const orphan = JSON.parse((await importFile(await workbook([['9901', '99', '无上级', 2, 1, '']]))).body);
    expect(orphan).toMatchObject({ code: 400, msg: '导入文件第2行: 上级区划不存在' });
    const notXlsx = JSON.parse((await importFile(Buffer.from('code,name\n1,2\n'))).body);
    expect(notXlsx).toMatchObject({ code: 400, msg: '请上传 xlsx 格式的区划文件' });
    expect((await importFile(file, tenantAdmin)).statusCode).toBe(403);
  });
});
