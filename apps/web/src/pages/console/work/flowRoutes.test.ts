import { describe, expect, it } from 'vitest';
import { workListParams } from '../../../api/flow-work';
import { flowHref } from '../../../components/shell/UserDropdown';
import type { FlowRoute } from '../../../stores/menu';
import { categoryOfRoute, routeOfCategory } from './flowRoutes';

const ROUTES: FlowRoute[] = [
  { routeKey: 'flow_1', routeValue: 'invention', name: '发明专利全流程' },
  { routeKey: 'flow_2', routeValue: ' utility-design ', name: '实用新型和外观设计专利全流程' },
  { routeKey: 'flow_7', routeValue: '/monitor/job', name: '别的页面' },
];

describe('the flow dictionary routes', () => {
  it('maps a category to its remark, falls back to the shipped routes, and never to a console path', () => {
    expect(routeOfCategory(ROUTES, 'flow_1')).toBe('invention');
    expect(routeOfCategory(ROUTES, 'flow_2')).toBe('utility-design');
    // Not in this dictionary: the shipped default of the built-in category.
    expect(routeOfCategory(ROUTES, 'flow_3')).toBe('approval');
    expect(routeOfCategory(ROUTES, 'flow_7')).toBe('');
    expect(routeOfCategory([], 'flow_9')).toBe('');
  });

  it('maps a route segment back to its category', () => {
    expect(categoryOfRoute(ROUTES, 'utility-design')).toBe('flow_2');
    expect(categoryOfRoute([], 'invention')).toBe('flow_1');
    expect(categoryOfRoute(ROUTES, 'unknown')).toBe('');
  });

  it('sends a top-bar entry to its start form, or to the console path its remark names', () => {
    expect(flowHref(ROUTES[0]!)).toBe('/work/process/invention/form');
    expect(flowHref(ROUTES[2]!)).toBe('/monitor/job');
  });
});

describe('the work lists’ filters in the flow endpoints’ words', () => {
  it('turns a dictionary key into its category and the create-time range into beginDate/endDate', () => {
    expect(
      workListParams({
        current: 2,
        size: 30,
        category: '1',
        processDefinitionName: ' 发明 ',
        createTime_dategt: '2026-01-01 00:00:00',
        createTime_datelt: '2026-01-31 23:59:59',
      }),
    ).toEqual({
      current: 2,
      size: 30,
      category: 'flow_1',
      processDefinitionName: '发明',
      beginDate: '2026-01-01 00:00:00',
      endDate: '2026-01-31 23:59:59',
    });
    expect(workListParams({ current: 1, size: 10, category: 'flow_3', name: '' })).toEqual({
      current: 1,
      size: 10,
      category: 'flow_3',
    });
  });
});
