import { FLOW_BUILTINS, FLOW_DEFAULT_ROUTES } from '@cube/contract';
import { useCallback } from 'react';
import type { FlowRoute } from '../../../stores/menu';
import { useMenuStore } from '../../../stores/menu';

/** A route segment the business pages can carry: a dictionary remark such as `invention` (not a console path). */
const SEGMENT = /^[A-Za-z0-9_-]{1,40}$/;

/** The route segment of a flow category: the `flow` dictionary's remark, else the shipped default, else `''`. */
export function routeOfCategory(routes: readonly FlowRoute[], category: string): string {
  const remark = routes.find((route) => route.routeKey === category)?.routeValue.trim();
  if (remark && SEGMENT.test(remark)) return remark;
  return FLOW_DEFAULT_ROUTES[category] ?? '';
}

/** The category (`flow_<key>`) a route segment belongs to: the dictionary first, then the shipped defaults. */
export function categoryOfRoute(routes: readonly FlowRoute[], route: string): string {
  return (
    routes.find((entry) => entry.routeValue.trim() === route)?.routeKey ??
    FLOW_BUILTINS.find((builtin) => builtin.route === route)?.category ??
    ''
  );
}

/**
 * Category → route segment with the signed-in user's flow dictionary. A category without a route (no dictionary
 * row, which would otherwise give a broken address) is sent to the generic pages, segment `generic`.
 */
export function useRouteOfCategory(): (category: string) => string {
  const routes = useMenuStore((state) => state.flowRoutes);
  return useCallback((category: string) => routeOfCategory(routes, category) || GENERIC_ROUTE, [routes]);
}

export const GENERIC_ROUTE = 'generic';
