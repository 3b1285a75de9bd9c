import type { Messages } from '../../zh-CN';

export const datasource: Messages['screens']['datasource'] = {
  name: 'Name',
  driverClass: 'Driver class',
  url: 'URL',
  urlHelp: 'e.g. postgres://10.0.0.5:5432/tenant_db (without user name and password)',
  username: 'User name',
  password: 'Password',
  passwordHelp: 'A saved password is never shown; leave it empty or masked to keep it',
  poolSize: 'Pool size',
  remark: 'Remark',
  nameRequired: 'Please enter the name',
  nameExists: 'The name already exists',
  driverInvalid: 'Only PostgreSQL datasources are supported (driver class org.postgresql.Driver)',
  urlRequired: 'Please enter the URL',
  urlInvalid: 'The URL must look like postgres://host:port/database (without user name and password)',
  usernameRequired: 'Please enter the user name',
  poolSizeInvalid: 'The pool size must be a whole number from 1 to 50',
  connectionFailed: 'Could not connect to the datasource',
  connectionOk: 'Connection succeeded',
  inUse: 'A tenant is bound to this datasource; it cannot be removed',
};
