import {
  DEADLINE_STATUSES,
  HOME_PATH,
  type LoginResult,
  SCREEN_TITLES,
  type ScreenCode,
} from '@cube/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { request } from '../api/request';
import { i18n, switchLanguage } from '../lib/i18n';
import { setStore } from '../lib/storage';
import { pageRegistry, registeredPage } from '../pages/registry';
import { useMenuStore } from '../stores/menu';
import { usePermissionStore } from '../stores/permission';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { useTabsStore } from '../stores/tabs';
import { installConsoleApi, OVERVIEW_FIXTURE } from '../test/consoleApi';
import { installDomStubs } from '../test/domStubs';
import { loginResultFixture, siteInfoFixture } from '../test/fixtures';
import { ok } from '../test/mockAdapter';
import { renderApp } from '../test/renderApp';
import { UiProviders } from './UiProviders';

// Every select also writes its option labels, hidden, beside itself: the walk reads each select's options without
// opening it (opening an antd select under jsdom costs seconds).
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  const { createElement, Fragment } = await import('react');
  type Option = { label?: unknown; options?: Option[] };
  const labels = (options: readonly Option[] | undefined): unknown[] =>
    (options ?? []).flatMap((option) => [option.label, ...labels(option.options)]);
  const Select = (props: { options?: Option[] }) =>
    createElement(
      Fragment,
      null,
      createElement(antd.Select as never, props),
      createElement(
        'span',
        { hidden: true, 'data-walk-options': '' },
        ...labels(props.options).map((label, index) => createElement('span', { key: index }, label as never)),
      ),
    );
  Select.Option = antd.Select.Option;
  Select.OptGroup = antd.Select.OptGroup;
  return { ...antd, Select };
});

/**
 * The English walk: with the language set to en-US, every console screen a demo account reaches shows no Chinese
 * and no raw message key in its chrome — the menu, the tabs and title, the search form, the table's headers and
 * empty state, the buttons, the add dialog's labels and every select's options. The API is mocked with empty lists
 * and the fixture's data is in English, so any Chinese on the page is an untranslated label.
 *
 * Each registered page is walked once with every button granted: the demo accounts (platform administrator, the
 * demo tenant's administrator, agent, manager, user) see subsets of these pages and buttons, so the walk covers
 * each of them; the home page is walked per account, since it differs by role.
 */

/** The seed's menu code of each page (its `menu.<code>` label translates the server's Chinese name). */
const PAGE_CODES: Record<string, ScreenCode> = {
  '/system/param': 'param',
  '/system/user': 'user',
  '/system/post': 'post',
  '/system/dict': 'dict',
  '/system/dictbiz': 'dictbiz',
  '/system/client': 'client',
  '/system/menu': 'menu',
  '/system/topmenu': 'topmenu',
  '/system/dept': 'dept',
  '/authority/role': 'role',
  '/authority/datascope': 'data_scope',
  '/authority/apiscope': 'api_scope',
  '/desk/notice': 'notice',
  '/desk/notify': 'notify',
  '/portal/article': 'portal_article',
  '/portal/product': 'portal_product',
  '/portal/certification': 'portal_certification',
  '/portal/banner': 'portal_banner',
  '/portal/site': 'portal_site',
  '/desk/lead': 'lead',
  '/patent/application': 'patent_application',
  '/patent/deadline': 'patent_deadline',
  '/patent/holiday': 'patent_holiday',
  '/patent/rule': 'patent_deadline_rule',
  '/agent/company': 'agent_company',
  '/system/tenant': 'tenant',
  '/system/tenantpackage': 'tenant_package',
  '/tool/datasource': 'datasource',
  '/monitor/log/usual': 'log_usual',
  '/monitor/log/api': 'log_api',
  '/monitor/log/error': 'log_error',
  '/resource/attach': 'attach',
  '/resource/oss': 'oss',
  '/system/oauth-provider': 'oauth_provider',
  '/system/sms-provider': 'sms_provider',
  '/system/online': 'online',
  '/base/region': 'region',
  '/flow/model': 'flow_model',
  '/flow/deploy': 'flow_deploy',
  '/flow/manager': 'flow_manager',
  '/flow/follow': 'flow_follow',
  '/work/start': 'work_start',
  '/work/claim': 'work_claim',
  '/work/todo': 'work_todo',
  '/work/send': 'work_send',
  '/work/done': 'work_done',
};

/** The group each page's menu sits under (its top-level menu in the seed). */
const GROUP_OF: Record<string, ScreenCode> = {
  system: 'system',
  authority: 'authority',
  desk: 'desk',
  portal: 'portal',
  patent: 'patent',
  agent: 'patent',
  monitor: 'log',
  resource: 'resource',
  base: 'base',
  flow: 'flow',
  work: 'work',
};

/** The menu tree as the server sends it: Chinese names, the seed's codes. */
function menuFixture() {
  const groups = new Map<ScreenCode, Array<Record<string, unknown>>>();
  Object.entries(PAGE_CODES).forEach(([path, code], index) => {
    const group = GROUP_OF[path.split('/')[1] ?? ''] ?? 'system';
    const children = groups.get(group) ?? [];
    children.push({
      id: String(1000 + index),
      parentId: group,
      code,
      name: SCREEN_TITLES[code],
      path,
      source: 'setting',
    });
    groups.set(group, children);
  });
  return [...groups].map(([code, children]) => ({
    id: code,
    parentId: '0',
    code,
    name: SCREEN_TITLES[code],
    path: `/${code}`,
    source: 'setting',
    children,
  }));
}

/** The demo accounts (docs/agency-roles.md), with English data so only labels can carry Chinese. */
const ACCOUNTS: Array<{ name: string; user: Partial<LoginResult>; roles: string[] }> = [
  {
    name: 'platform administrator',
    user: { tenant_id: '000000', account: 'admin', role_name: 'administrator' },
    roles: ['administrator'],
  },
  { name: 'demo tenant administrator', user: { account: 'admin', role_name: 'admin' }, roles: ['admin'] },
  { name: 'agent', user: { account: 'agent', role_name: 'agent' }, roles: ['agent'] },
  { name: 'manager', user: { account: 'manager', role_name: 'manager' }, roles: ['manager'] },
  { name: 'user', user: { account: 'user', role_name: 'user' }, roles: ['user'] },
];

const CJK = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** A message key shown as it is: i18next answers the key when a catalogue lacks it. */
const RAW_KEY =
  /\b(?:screens|crud|common|menu|codes|shell|exception|auth|route|welcome|public)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*\b/;

const compact = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every text and label attribute of the document, each with where it is, that is Chinese or a raw key. */
function untranslated(): string[] {
  const found = new Set<string>();
  const check = (text: string | null | undefined, where: string) => {
    const value = compact(text ?? '');
    if (value && (CJK.test(value) || RAW_KEY.test(value))) found.add(`${where}: ${value.slice(0, 120)}`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, [aria-hidden="true"][hidden]')) continue;
    check(node.textContent, parent.tagName.toLowerCase());
  }
  for (const element of document.body.querySelectorAll('[placeholder], [title], [aria-label]')) {
    for (const attribute of ['placeholder', 'title', 'aria-label'])
      check(element.getAttribute(attribute), `@${attribute}`);
  }
  check(document.title, 'document.title');
  // A page that crashed shows the router's English error screen: that is no pass.
  const crashed = document.body.textContent?.match(/Unexpected Application Error!?\s*(.{0,120})/);
  if (crashed) found.add(`crashed: ${crashed[1]}`);
  return [...found];
}

/** Waits until `scope` has drawn (its chunk loaded, no loading spinner). */
async function settled(scope: HTMLElement) {
  await waitFor(
    () => {
      expect(scope.querySelector('.ant-spin-spinning')).toBeNull();
      expect(scope.textContent?.trim()).toBeTruthy();
    },
    { timeout: 10_000 },
  );
}

/**
 * One registered page on its own, with the app's providers and a router at its address (the shell around it is
 * walked by the home tests). Answers the element the page is drawn in.
 */
function renderPage(path: string): HTMLElement {
  const Page = registeredPage(path);
  if (!Page) throw new Error(`no page at ${path}`);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Suspense fallback={null}>
            <main>
              <Page />
            </main>
          </Suspense>
        ),
      },
    ],
    { initialEntries: [`${path}/index`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
  return document.body;
}

function signIn(user: Partial<LoginResult>) {
  const login = loginResultFixture({ nick_name: 'Demo', real_name: 'Demo', user_name: 'demo', ...user });
  setStore('token', login.access_token);
  useSessionStore.setState({
    token: login.access_token,
    refreshToken: login.refresh_token,
    tenantId: login.tenant_id,
    userInfo: login,
  });
}

const SITE = siteInfoFixture({
  tenantName: 'Demo Agency',
  resources: [
    { resources_code: 'title', resources_content: 'Demo Portal' },
    { resources_code: 'logo', resources_content: '' },
  ],
});

/** The console's answers: the full menu, and the overview's tenant in English (a data value, not a label). */
const respond = (config: { url?: string }) => {
  if (config.url?.endsWith('/menu/routes')) return ok(menuFixture());
  const url = config.url ?? '';
  // Trees answer arrays; the other lists a page.
  if (/(tree|Tree|lazy-list|role\/list)$/.test(url)) return ok([]);
  if (/-list$/.test(url)) return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
  if (config.url?.endsWith('/deadline/dashboard'))
    return ok({
      today: '2026-11-27',
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      // One row in English data, so its status cell shows the status label.
      dueThisWeek: [
        {
          id: '1',
          docketNo: 'P-1',
          title: 'Widget',
          kind: 'Annual fee',
          officialDue: '2026-11-28',
          internalDue: '2026-11-26',
          ownerName: 'Demo',
          deadlineStatus: DEADLINE_STATUSES[0],
        },
      ],
      overdue: [],
      byAgent: [],
    });
  if (config.url?.endsWith('/dashboard/overview'))
    return ok({ ...OVERVIEW_FIXTURE, tenantName: 'Demo Agency' });
  return undefined;
};

/** Grants every button: a page shows everything any account could be given. */
const ALL_BUTTONS = new Proxy({} as Record<string, true>, { get: () => true, has: () => true });

describe('English walk of the console', { timeout: 60_000 }, () => {
  const originalAdapter = request.defaults.adapter;
  let unsubscribe: () => void;
  beforeAll(() => {
    installDomStubs();
    // Whatever `menu/buttons` answers, every button stays granted.
    unsubscribe = usePermissionStore.subscribe((state) => {
      if (state.permission !== ALL_BUTTONS)
        usePermissionStore.setState({ permission: ALL_BUTTONS, loaded: true });
    });
  });
  afterAll(async () => {
    unsubscribe();
    request.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
    act(() => useSettingsStore.getState().setLanguage('zh'));
  });

  it("flags Chinese and raw keys, in a select's options too, and not English", async () => {
    const { Select } = await import('antd');
    const view = render(
      <div>
        <button type="button">Save</button>
        <Select options={[{ value: 'a', label: '发明' }]} />
        <span>screens.patentDeadlineRule.missingKey</span>
      </div>,
    );
    expect(untranslated()).toEqual(['span: 发明', 'span: screens.patentDeadlineRule.missingKey']);
    view.unmount();
  });

  it('knows the menu code of every registered page', () => {
    expect(Object.keys(pageRegistry).filter((path) => !PAGE_CODES[path])).toEqual([]);
  });

  it.each(ACCOUNTS)('home page and menu of the $name show no Chinese', async ({ user, roles }) => {
    useMenuStore.getState().reset();
    useTabsStore.getState().reset();
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles });
    installConsoleApi(respond);
    signIn(user);
    useSettingsStore.getState().setLanguage('en');
    await switchLanguage('en');
    const view = renderApp(HOME_PATH, SITE);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' }, { timeout: 10_000 });
    await within(sidebar).findByText(menuTitle('system'), {}, { timeout: 10_000 });
    // Open every group so each page's menu item is drawn.
    for (const group of new Set(Object.values(GROUP_OF)))
      fireEvent.click(within(sidebar).getByText(menuTitle(group)));
    await settled(document.body);
    expect(untranslated()).toEqual([]);
    view.unmount();
  });

  describe('every screen, its add dialog and its options', () => {
    it.each(Object.keys(PAGE_CODES))(
      '%s shows no Chinese',
      async (path) => {
        installConsoleApi(respond);
        signIn(ACCOUNTS[0]?.user ?? {});
        usePermissionStore.setState({ permission: ALL_BUTTONS, loaded: true });
        await switchLanguage('en');
        const main = renderPage(path);
        await settled(main);
        const problems = new Set<string>();
        const collect = () => {
          for (const text of untranslated()) problems.add(text);
        };
        collect();
        const add = Array.from(main.querySelectorAll('button')).find(
          (b) => compact(b.textContent ?? '') === 'Add',
        );
        if (add) {
          fireEvent.click(add);
          await waitFor(() =>
            expect(
              document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'),
            ).toBeTruthy(),
          );
          collect();
        }
        expect([...problems]).toEqual([]);
      },
      60_000,
    );
  });
});

/** A menu group's label in the current language. */
const menuTitle = (code: ScreenCode): string => i18n.t(`menu.${code}` as never);
