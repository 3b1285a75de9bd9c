/** Error pages, route load errors and the embedded-page route. */

export const notFound = {
  title: '404',
  description: '抱歉，您访问的页面不存在。',
};

export const routeError = {
  title: '页面加载出错',
  description: '页面资源加载失败，可能是系统已更新，请刷新后重试。',
};

export const exception = {
  back: '返回上一页',
  forbiddenTitle: '403',
  forbidden: '抱歉，您无权访问该页面。',
  serverErrorTitle: '500',
  serverError: '抱歉，服务器出错了，请稍后再试。',
  pageErrorTitle: '页面出错了',
  menuFailedTitle: '菜单加载失败',
  menuFailedDescription: '暂时无法获取您的菜单，请检查网络后重试。',
  noPageTitle: '页面暂未开放',
  noPageDescription: '菜单“{{name}}”（{{path}}）还没有对应的页面，请联系管理员。',
};

export const iframe = {
  invalidTitle: '无法打开页面',
  invalidUrl: '请检查url是否正确！',
  reload: '刷新',
  openNewWindow: '在新窗口打开',
};
