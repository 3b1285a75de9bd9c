/**
 * Request fields by their Chinese names, for the parameter errors the server answers. The dialect writes them as
 * `请求参数类型错误: applicationNo`; a person reading the console's toast should read `请求参数类型错误：申请号`, so the
 * server's error reply (`platform/error-reply.ts`) turns the raw form into the labelled one and keeps the field's
 * code in the answer's separate `field` property for programs. A name here is the generic one (`name` → 名称): the
 * message names the field, the form around it says which entity.
 *
 * Every filter field of every entity must have its label here (a test walks the entities), so a list filter's error
 * never shows a code.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '主键',
  ids: '主键集合',
  current: '当前页',
  size: '每页条数',
  ascs: '升序字段',
  descs: '降序字段',
  parentId: '上级',
  parentCode: '上级区划编号',
  tenantId: '租户编号',
  tenantName: '租户名称',
  deptId: '所属部门',
  deptName: '机构名称',
  deptCategory: '机构类型',
  fullName: '机构全称',
  userId: '用户',
  userType: '用户平台',
  username: '用户名',
  roleId: '角色',
  roleIds: '角色',
  roleName: '角色名称',
  roleAlias: '角色别名',
  postId: '岗位',
  postCode: '岗位编号',
  postName: '岗位名称',
  menuId: '菜单',
  menuIds: '菜单',
  dataScopeIds: '数据权限',
  apiScopeIds: '接口权限',
  topMenuId: '顶部菜单',
  topMenuIds: '顶部菜单',
  packageId: '产品包',
  packageName: '产品包名称',
  account: '账号',
  accountNumber: '账号额度',
  realName: '姓名',
  name: '名称',
  code: '编号',
  alias: '别名',
  path: '路由地址',
  source: '来源',
  action: '按钮功能',
  isOpen: '新窗口打开',
  sort: '排序',
  remark: '备注',
  note: '说明',
  status: '状态',
  enabled: '启用',
  sex: '性别',
  phone: '手机号码',
  email: '邮箱',
  address: '地址',
  domain: '域名地址',
  expireTime: '过期时间',
  createTime: '创建时间',
  updateTime: '更新时间',
  createUser: '创建人',
  createBy: '操作账号',
  publishTime: '发布时间',
  releaseTime: '通知时间',
  title: '标题',
  content: '内容',
  category: '分类',
  kind: '类型',
  url: '链接地址',
  fileName: '文件名',
  originalName: '附件名称',
  extension: '文件类型',
  attachSize: '附件大小',
  paramKey: '参数键名',
  paramName: '参数名称',
  paramValue: '参数键值',
  dictKey: '字典键值',
  dictValue: '字典名称',
  clientId: '客户端ID',
  scope: '授权范围',
  authorizedGrantTypes: '授权类型',
  accessTokenValidity: '令牌秒数',
  refreshTokenValidity: '刷新令牌秒数',
  resourceCode: '权限编号',
  scopeName: '权限名称',
  scopeColumn: '权限字段',
  scopePath: '接口路径',
  scopeType: '规则类型',
  ossCode: '资源编号',
  bucketName: '空间名',
  endpoint: '资源地址',
  builtinKey: '内置',
  standard: '认证标准',
  regionLevel: '区划层级',
  provinceName: '省份',
  cityName: '地市',
  districtName: '区县',
  isPublish: '发布状态',
  isTop: '置顶',
  isSealed: '封存',
  company: '公司名称',
  uniName: '公司名称',
  creditCode: '统一社会信用代码',
  industry: '所属行业',
  linkman: '联系人',
  contact: '联系方式',
  contactNumber: '联系电话',
  service: '咨询业务',
  message: '留言',
  leadStatus: '跟进状态',
  assigneeId: '跟进人',
  ownerUserId: '负责人',
  logId: '事件编码',
  logLevel: '日志级别',
  logData: '事件数据',
  serviceId: '服务名称',
  serverHost: '服务器名',
  serverIp: '服务器IP',
  env: '系统环境',
  method: '请求方法',
  methodClass: '路由',
  lineNumber: '行号',
  exceptionName: '异常名称',
  requestUri: '请求接口',
  remoteIp: '请求IP',
  userAgent: '用户代理',
  time: '耗时',
  modelKey: '模型标识',
  docketNo: '我方案号',
  patentType: '专利类型',
  patentStatus: '案件状态',
  applicationId: '专利案件',
  applicationNo: '申请号',
  filingDate: '申请日',
  companyId: '申请人',
  agentUserId: '代理师',
  noticeNo: '发文序号',
  noticeType: '通知书类型',
  dispatchDate: '发文日',
  receiptDate: '推定收到日',
  sourceNoticeId: '来源通知书',
  deadlineStatus: '期限状态',
  officialDue: '官方期限',
  internalDue: '内部期限',
  ruleCode: '规则编号',
  signedOff: '已经代理师审核',
  feeType: '费用名称',
  feeYear: '年度',
  dueDate: '缴费期限',
  paidDate: '缴费日',
  holidayDate: '日期',
  isWorkday: '是否上班',
};

/** The dialect's parameter errors that name a field: `<kind>: <field>`. */
const PARAM_ERROR =
  /^(缺少必要的请求参数|请求参数类型错误|日期格式不正确|查询条件不合法|排序字段不合法): ([A-Za-z][\w.-]*)$/;

/** A filter key's operator suffix (`createTime_datege`), dropped to find the field's label. */
const OPERATOR_SUFFIX = /_[a-z]+$/;

/** A field's label, or undefined when none is known (a filter key with its operator suffix finds its field's). */
export function fieldLabel(field: string): string | undefined {
  return FIELD_LABELS[field] ?? FIELD_LABELS[field.replace(OPERATOR_SUFFIX, '')];
}

/**
 * A message in the dialect's `<kind>: <field>` form, labelled: `请求参数类型错误：申请号` and the raw field apart; an
 * unknown field leaves the kind alone (`请求参数类型错误`), never a code. Any other message is answered as it is.
 */
export function labelParamMessage(msg: string): { msg: string; field?: string } {
  const match = PARAM_ERROR.exec(msg);
  if (!match) return { msg };
  const [, kind, field] = match as unknown as [string, string, string];
  const label = fieldLabel(field);
  return { msg: label ? `${kind}：${label}` : kind, field };
}
