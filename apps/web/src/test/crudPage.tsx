import type { IPage } from '@cube/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { ListQuery, PagedCrudApi, TreeCrudApi, TreeQuery } from '../api/crud';
import { UiProviders } from '../app/UiProviders';

/**
 * Helpers for CrudPage tests: rendering with the app's providers, finding antd's buttons and dialogs without slow
 * role queries, and in-memory resources (a paged list, a tree answering whole or level by level) whose calls are
 * spies.
 */

export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <UiProviders>{ui}</UiProviders>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export function crudUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

const compact = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');

/** The button whose text (antd spaces two-character labels: 保 存) reads `text`. */
export function button(text: string, scope: ParentNode = document): HTMLButtonElement {
  const found = buttons(text, scope)[0];
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

export function buttons(text: string, scope: ParentNode = document): HTMLButtonElement[] {
  return Array.from(scope.querySelectorAll('button')).filter(
    (element) => compact(element.textContent) === text,
  );
}

/** The open antd dialog, if any. */
export function dialog(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
}

/** The table row showing `text`. */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}

/** The expand button of a tree table's row, if it has one. */
export function expandButton(text: string): HTMLButtonElement | null {
  return rowOf(text).querySelector<HTMLButtonElement>(
    'button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)',
  );
}

/** The texts of the first data column, top to bottom (a tree table shows its open levels in order). */
export function firstColumn(): string[] {
  return Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((row) =>
    compact(row.querySelector('td:not(.ant-table-selection-column)')?.textContent),
  );
}

/** Makes antd's breakpoints see a wide screen (every `min-width` query matches) until the returned undo. */
export function wideScreen(): () => void {
  const original = window.matchMedia;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  return () => Object.defineProperty(window, 'matchMedia', { configurable: true, value: original });
}

export interface FakeRow {
  id: string;
  parentId?: string;
  name: string;
  [field: string]: unknown;
}

function matches(row: FakeRow, query: TreeQuery | ListQuery): boolean {
  return Object.entries(query).every(
    ([key, value]) =>
      key === 'current' ||
      key === 'size' ||
      value === undefined ||
      String(row[key] ?? '').includes(String(value)),
  );
}

/** A paged resource over `rows` (filters match by substring). */
export function fakePagedResource(initial: readonly FakeRow[]) {
  let rows = [...initial];
  const api = {
    list: vi.fn(async (query: ListQuery): Promise<IPage<FakeRow>> => {
      const found = rows.filter((row) => matches(row, query));
      const start = (query.current - 1) * query.size;
      return {
        records: found.slice(start, start + query.size),
        total: found.length,
        current: query.current,
        size: query.size,
        pages: Math.ceil(found.length / query.size),
      };
    }),
    submit: vi.fn(async (record: Record<string, unknown>) => record),
    remove: vi.fn(async (ids: readonly string[]) => {
      rows = rows.filter((row) => !ids.includes(row.id));
    }),
  } satisfies PagedCrudApi<FakeRow>;
  return { api, rows: () => rows };
}

/**
 * A tree resource over `rows` linked by `parentId` (roots under '0'), answering as BladeX does: the whole tree
 * (a match whose parent did not match is a root) or one level with `hasChildren` (a search without a parent
 * answers the matches at any depth). `submit` adds (ids from 900) or updates; `remove` deletes.
 */
export function fakeTreeResource(initial: readonly FakeRow[]) {
  let rows = initial.map((row) => ({ parentId: '0', ...row }));
  let nextId = 900;
  const childrenOf = (id: string) => rows.filter((row) => row.parentId === id);

  const nest = (found: FakeRow[], parentId: string | undefined): FakeRow[] =>
    found
      .filter((row) =>
        parentId === undefined
          ? !found.some((other) => other.id === row.parentId)
          : row.parentId === parentId,
      )
      .map((row) => {
        const children = nest(found, row.id);
        return children.length > 0 ? { ...row, children } : { ...row };
      });

  const whole = vi.fn(async (query: TreeQuery): Promise<FakeRow[]> => {
    return nest(
      rows.filter((row) => matches(row, query)),
      undefined,
    );
  });
  const level = vi.fn(async (parentId: string | undefined, query: TreeQuery): Promise<FakeRow[]> => {
    const found = (parentId === undefined ? rows : childrenOf(parentId)).filter((row) => matches(row, query));
    return found.map((row) => ({ ...row, hasChildren: childrenOf(row.id).length > 0 }));
  });
  const submit = vi.fn(async (record: Record<string, unknown>) => {
    if (typeof record.id === 'string') {
      rows = rows.map((row) => (row.id === record.id ? { ...row, ...record } : row));
      return record;
    }
    const added = { parentId: '0', ...record, id: String(nextId++) } as FakeRow & { parentId: string };
    rows = [...rows, added];
    return added;
  });
  const remove = vi.fn(async (ids: readonly string[]) => {
    rows = rows.filter((row) => !ids.includes(row.id));
  });

  const wholeApi = { tree: { load: whole }, submit, remove } satisfies TreeCrudApi<FakeRow>;
  const lazyApi = {
    tree: { lazy: true as const, load: level },
    submit,
    remove,
  } satisfies TreeCrudApi<FakeRow>;
  return { whole, level, submit, remove, wholeApi, lazyApi, rows: () => rows };
}
