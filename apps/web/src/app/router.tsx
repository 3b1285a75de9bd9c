import { FLOW_PROCESS_BASE, HOME_PATH, LOCK_PATH, LOGIN_PATH } from '@cube/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { loadChunk } from '../lib/chunk';
import { FORBIDDEN_PATH, NOT_FOUND_PATH, PUBLIC_SITE_PATHS, SERVER_ERROR_PATH } from '../lib/paths';
import { IFRAME_PREFIX, PAGE_SUFFIX } from '../stores/menuRoutes';
import { loadAntAppFrame, loadConsoleLayout, loadWelcomePage, warmConsoleCode } from './consoleChunks';
import type { RouteHandle } from './guard';
import { RouteFrame } from './RouteFrame';

/** A route whose page module (default export) is loaded on first visit. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await loadChunk(load)).default });
}

/**
 * The route error page, loaded only when a route fails: the screens that start the app (login, welcome) do not
 * carry it.
 */
const RouteErrorPage = lazy(() =>
  loadChunk(() => import('./RouteErrorPage')).then((module) => ({ default: module.RouteErrorPage })),
);

function handle(value: RouteHandle): RouteHandle {
  return value;
}

export const DASHBOARD_PATH = '/wel/dashboard';
/** Menu paths that moved: the old address (and anything below it) opens the page at its new one. */
export const MOVED_PAGES: ReadonlyArray<readonly [string, string]> = [['/system/role', '/authority/role']];
export const SELF_CHECK_PATH = '/test/index';
export const INFO_PATH = '/info/index';

/**
 * The route tree. The public site's pages share the public frame; login, lock and error pages stand
 * alone; the console routes share the console layout, which renders the shell when signed in. Every other
 * address is resolved against the user's menu by the catch-all menu route (a menu leaf's page at
 * `<path>/index`), and goes to /404 when nothing matches.
 */
export const routes: RouteObject[] = [
  {
    Component: RouteFrame,
    errorElement: (
      <Suspense fallback={<PageLoading />}>
        <RouteErrorPage />
      </Suspense>
    ),
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: LOGIN_PATH,
        handle: handle({ noAuth: true, titleKey: 'route.login' }),
        lazy: async () => {
          // Once the user starts typing (the first focus in the page), the welcome page's code loads.
          document.addEventListener('focusin', warmConsoleCode, { once: true });
          return { Component: (await loadChunk(() => import('../pages/auth/login/LoginPage'))).default };
        },
      },
      // Every other screen inside the antd <App> frame (modal, notification), which the login page goes without.
      {
        lazy: lazyPage(loadAntAppFrame),
        children: [
          // The public website: rendered by the server; see pages/public/ServerPage.
          ...PUBLIC_SITE_PATHS.map(
            (path): RouteObject => ({
              path,
              handle: handle({ noAuth: true, titleKey: 'route.home' }),
              lazy: lazyPage(() => import('../pages/public/ServerPage')),
            }),
          ),
          {
            path: LOCK_PATH,
            handle: handle({ noAuth: true, titleKey: 'route.lock' }),
            lazy: lazyPage(() => import('../pages/auth/lock/LockPage')),
          },
          {
            path: NOT_FOUND_PATH,
            handle: handle({ noAuth: true, titleKey: 'route.notFound' }),
            lazy: lazyPage(() => import('../pages/exception/NotFoundPage')),
          },
          {
            path: FORBIDDEN_PATH,
            handle: handle({ noAuth: true, titleKey: 'route.forbidden' }),
            lazy: lazyPage(() => import('../pages/exception/ForbiddenPage')),
          },
          {
            path: SERVER_ERROR_PATH,
            handle: handle({ noAuth: true, titleKey: 'route.serverError' }),
            lazy: lazyPage(() => import('../pages/exception/ServerErrorPage')),
          },
          {
            lazy: lazyPage(loadConsoleLayout),
            children: [
              {
                path: HOME_PATH,
                handle: handle({ titleKey: 'route.welcome' }),
                lazy: lazyPage(loadWelcomePage),
              },
              {
                path: DASHBOARD_PATH,
                handle: handle({ titleKey: 'route.dashboard' }),
                lazy: lazyPage(() => import('../pages/console/dashboard/DashboardPage')),
              },
              {
                path: SELF_CHECK_PATH,
                handle: handle({ titleKey: 'route.selfCheck' }),
                lazy: lazyPage(() => import('../pages/console/test/SelfCheckPage')),
              },
              {
                path: INFO_PATH,
                handle: handle({ titleKey: 'route.info' }),
                lazy: lazyPage(() => import('../pages/console/info/InfoPage')),
              },
              // The business pages of a flow category (`flow` dictionary remark → `:route`).
              {
                path: `${FLOW_PROCESS_BASE}/:route/form/:processDefinitionId?`,
                handle: handle({ titleKey: 'route.workForm' }),
                lazy: lazyPage(() => import('../pages/console/work/process/FormPage')),
              },
              {
                path: `${FLOW_PROCESS_BASE}/:route/handle/:taskId/:processInstanceId/:businessId`,
                handle: handle({ titleKey: 'route.workHandle' }),
                lazy: lazyPage(() => import('../pages/console/work/process/HandlePage')),
              },
              {
                path: `${FLOW_PROCESS_BASE}/:route/detail/:processInstanceId/:businessId`,
                handle: handle({ titleKey: 'route.workDetail' }),
                lazy: lazyPage(() => import('../pages/console/work/process/DetailPage')),
              },
              // 角色管理 moved under 权限管理 (as BladeX seeds it): old bookmarks still open it.
              ...MOVED_PAGES.map(([from, to]) => ({
                path: `${from}/*`,
                element: <Navigate to={`${to}${PAGE_SUFFIX}`} replace />,
              })),
              {
                path: `${IFRAME_PREFIX}/:routerPath`,
                handle: handle({ noAuth: true, kind: 'iframe' }),
                lazy: lazyPage(() => import('../pages/console/iframe/IframePage')),
              },
              {
                path: '*',
                handle: handle({ noAuth: true, kind: 'menu' }),
                lazy: lazyPage(() => import('../layouts/console/MenuRoutePage')),
              },
            ],
          },
        ],
      },
    ],
  },
];

let appRouter: ReturnType<typeof createBrowserRouter> | undefined;

/** The app's browser router, created on first use (after boot). */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  appRouter ??= createBrowserRouter(routes);
  return appRouter;
}
