import { datasourceEntity } from '@cube/contract';
import { describe } from 'vitest';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

const M = datasourceEntity.messages;
const PG_URL = process.env.CUBE_TEST_PG_URL;

/**
 * 数据源管理 through the CRUD test kit (platform-only codes, global rows, mass assignment, filters, messages, the
 * sealed password read back as the mask) on both databases. Every save connects first, so the samples name the
 * suites' PostgreSQL server: without one there is nothing a save could reach, and the kit is left out.
 */
describe.skipIf(!PG_URL)('datasource entity', () => {
  const server = new URL(PG_URL ?? 'postgres://127.0.0.1:5432/postgres');
  const url = `postgres://${server.hostname}:${server.port || 5432}${server.pathname}`;
  const username = decodeURIComponent(server.username) || 'postgres';
  const password = decodeURIComponent(server.password) || 'trust-ignores-it';
  runCrudKit({
    entity: datasourceEntity,
    table: 'cubeDatasource',
    admin: 'platformAdmin',
    outsider: 'tenantAdmin',
    sample: (n) => ({ name: `业务库${n}`, url, username, password, poolSize: 2, remark: '' }),
    change: { remark: '改备注', poolSize: 3 },
    invalid: [
      { input: { name: '' }, message: M.nameRequired },
      { input: { url: '' }, message: M.urlRequired },
      { input: { url: 'mysql://127.0.0.1:3306/x' }, message: M.urlInvalid },
      { input: { url: `postgres://u:secret@${server.hostname}:5432/x` }, message: M.urlInvalid },
      { input: { driverClass: 'com.mysql.cj.jdbc.Driver' }, message: M.driverInvalid },
      { input: { username: ' ' }, message: M.usernameRequired },
      { input: { poolSize: 0 }, message: M.poolSizeInvalid },
      { input: { poolSize: 51 }, message: M.poolSizeInvalid },
      {
        input: { url: 'postgres://127.0.0.1:1/nowhere' },
        message: `${M.connectionFailed}: 无法连接数据库服务器`,
      },
    ],
    optional: ['driverClass', 'password', 'poolSize', 'remark'],
    masked: ['password'],
  });
});
