import * as contract from '@cube/contract';
import { FIELD_LABELS, fieldLabel, labelParamMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';

const CJK_ONLY = /^[\u3400-\u9fff（）A-Z]+$/u;

describe('parameter errors name fields in Chinese', () => {
  it('labels every filter field of every entity, and the fields the routes name themselves', () => {
    const fields = new Set<string>([
      'ids',
      'id',
      'tenantId',
      'deptId',
      'userId',
      'roleId',
      'roleIds',
      'menuIds',
      'dataScopeIds',
      'apiScopeIds',
      'topMenuId',
      'topMenuIds',
      'parentId',
      'code',
      'category',
      'fileName',
      'url',
      'current',
      'size',
    ]);
    for (const value of Object.values(contract) as unknown[]) {
      const entity = value as { api?: unknown; filters?: Record<string, unknown> };
      if (entity && typeof entity === 'object' && typeof entity.api === 'string' && entity.filters)
        for (const field of Object.keys(entity.filters)) fields.add(field);
    }
    expect(fields.size).toBeGreaterThan(100);
    const missing = [...fields].filter((field) => !FIELD_LABELS[field]);
    expect(missing).toEqual([]);
    for (const [field, label] of Object.entries(FIELD_LABELS)) expect(label, field).toMatch(CJK_ONLY);
  });

  it('turns the dialect’s `<kind>: <field>` into `<kind>：<label>` and keeps the field apart', () => {
    expect(labelParamMessage('请求参数类型错误: applicationNo')).toEqual({
      msg: '请求参数类型错误：申请号',
      field: 'applicationNo',
    });
    expect(labelParamMessage('缺少必要的请求参数: ids')).toEqual({
      msg: '缺少必要的请求参数：主键集合',
      field: 'ids',
    });
    expect(labelParamMessage('查询条件不合法: createTime_datege')).toEqual({
      msg: '查询条件不合法：创建时间',
      field: 'createTime_datege',
    });
    // A field nobody labelled: the kind alone, never the code.
    expect(labelParamMessage('请求参数类型错误: someNewField')).toEqual({
      msg: '请求参数类型错误',
      field: 'someNewField',
    });
    expect(labelParamMessage('申请号已被其他案件使用')).toEqual({ msg: '申请号已被其他案件使用' });
    expect(fieldLabel('filingDate_datege')).toBe('申请日');
  });
});

describe.each(dialects)('parameter errors on routes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(() => t.close());

  const refused = (body: { code: number; msg: string; field?: string }, msg: string, field: string) => {
    expect(body).toMatchObject({ code: 400, success: false, msg, field });
    expect(body.msg).not.toMatch(/[A-Za-z]/);
  };

  it('a list filter of the wrong type (patent cases: 申请人, 申请日)', async () => {
    const api = contract.patentApplicationEntity.api;
    refused(
      (await t.call('GET', `${api}/list?companyId=abc`, admin)).body,
      '请求参数类型错误：申请人',
      'companyId',
    );
    refused(
      (await t.call('GET', `${api}/list?filingDate_datege=2026-01-01`, admin)).body,
      '查询条件不合法：申请日',
      'filingDate_datege',
    );
    refused(
      (await t.call('GET', `${api}/list?current=0`, admin)).body,
      '请求参数类型错误：当前页',
      'current',
    );
  });

  it('a body or query parameter a route checks itself (role grant, remove, dictionary)', async () => {
    refused(
      (
        await t.call('POST', '/api/cube-system/role/grant', admin, {
          roleIds: ['x'],
          menuIds: [],
          dataScopeIds: [],
          apiScopeIds: [],
        })
      ).body,
      '请求参数类型错误：角色',
      'roleIds',
    );
    refused(
      (await t.call('POST', `${contract.postEntity.api}/remove`, admin)).body,
      '缺少必要的请求参数：主键集合',
      'ids',
    );
    refused(
      (await t.call('GET', '/api/cube-system/dict/dictionary', admin)).body,
      '缺少必要的请求参数：编号',
      'code',
    );
  });

  it('answers an unknown field by the kind alone, and a success with no field', async () => {
    const answer = (await t.call('GET', `${contract.postEntity.api}/list?nope=1`, admin)).body;
    expect(answer).toMatchObject({ code: 400, msg: '查询条件不合法', field: 'nope' });
    const ok = (await t.call('GET', `${contract.postEntity.api}/list`, admin)).body;
    expect(ok.field).toBeUndefined();
  });
});
