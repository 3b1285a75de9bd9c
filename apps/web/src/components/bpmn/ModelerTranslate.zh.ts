/**
 * zh-CN texts of the bpmn-js designer's own interface (palette, context pad, "change element" menu, search), keyed
 * by the English template bpmn-js passes to its `translate` service. Only the entries the restricted designer can
 * show are listed; anything else stays English rather than guessed. Kept out of the app's locale files because it
 * belongs to the designer's lazy chunk, not to the console's initial bundle.
 */
export const modelerZhCN: Readonly<Record<string, string>> = {
  // Palette
  'Activate hand tool': '激活抓手工具',
  'Activate lasso tool': '激活套索工具',
  'Activate create/remove space tool': '激活创建/删除空间工具',
  'Activate global connect tool': '激活全局连线工具',
  'Create start event': '创建开始事件',
  'Create end event': '创建结束事件',
  'Create gateway': '创建排他网关',
  'Create user task': '创建用户任务',
  'Create parallel gateway': '创建并行网关',
  'Create timer event': '创建定时事件',
  // Context pad
  'Append end event': '追加结束事件',
  'Append gateway': '追加排他网关',
  'Append user task': '追加用户任务',
  'Append timer event': '追加定时事件',
  'Connect to other element': '连线到其他元素',
  'Change element': '更改元素类型',
  Delete: '删除',
  // "Change element" menu
  'Start event': '开始事件',
  'End event': '结束事件',
  'User task': '用户任务',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  'Terminate end event': '终止结束事件',
  Task: '任务',
  'Manual task': '手工任务',
  'Timer intermediate catch event': '定时中间捕获事件',
  'Timer boundary event': '定时边界事件',
  'Timer boundary event (non-interrupting)': '定时边界事件（非中断）',
  'Sequence flow': '顺序流',
  'Default flow': '默认流',
  'Conditional flow': '条件流',
  'Toggle non-interrupting': '切换为非中断',
  // Search and empty menus
  'Search in diagram': '在流程图中搜索',
  'No matching entries found.': '没有匹配的条目',
  // Element names shown by the search pad and the label editor
  Process: '流程',
};

/**
 * bpmn-js's `translate` contract: the template looked up, then `{placeholder}`s filled from `replacements` (a missing
 * replacement leaves the placeholder, as the built-in service does).
 */
export function translateTemplate(
  dictionary: Readonly<Record<string, string>>,
  template: string,
  replacements: Readonly<Record<string, string>> = {},
): string {
  const translated = dictionary[template] ?? template;
  return translated.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}
