import { datasourceEntity } from '@cube/contract';

export const datasource = {
  name: '数据源名称',
  driverClass: '驱动类',
  url: '连接地址',
  urlHelp: '例如 postgres://10.0.0.5:5432/tenant_db（不含用户名和密码）',
  username: '用户名',
  password: '密码',
  passwordHelp: '已保存的密码不会显示；留空或保持掩码即保留原密码',
  poolSize: '连接池大小',
  remark: '备注',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...datasourceEntity.messages,
};
