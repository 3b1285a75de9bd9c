/** The public landing page. */

export const home = {
  headline: '一站式企业数字化门户',
  intro:
    '集企业官网、新闻资讯、产品服务与后台管理于一体，为多租户企业提供安全、统一、高效的数字化门户与运营平台。',
  login: '登录管理平台',
  enterConsole: '进入管理平台',
  featureSiteTitle: '企业官网',
  featureSiteText: '产品服务、新闻中心、科技教育、党建动态与关于我们，全面展示企业形象。',
  featureConsoleTitle: '统一管理',
  featureConsoleText: '租户、组织机构、角色权限、菜单与字典集中配置，按需授权。',
  featureWorkflowTitle: '流程协同',
  featureWorkflowText: '发明专利、实用新型与外观设计专利申请全流程在线办理。',
};
