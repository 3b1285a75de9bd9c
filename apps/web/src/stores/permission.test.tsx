import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import { useMenuStore } from './menu';
import {
  buildPermissionSet,
  can,
  clearPermission,
  hydratePermission,
  setPermission,
  useCan,
} from './permission';
import { useSessionStore } from './session';

const BUTTONS = [
  {
    code: 'param',
    children: [
      { code: 'param_add' },
      { code: 'param_edit', children: [] },
      { code: '', children: undefined },
    ],
  },
  {
    code: 'notice',
    children: [{ code: 'notice_view' }, { code: 'notice_sub', children: [{ code: 'deep' }] }],
  },
];

describe('permission set', () => {
  afterEach(() => clearPermission());

  it('turns the leaf codes of the buttons tree into {code: true}', () => {
    expect(buildPermissionSet(BUTTONS)).toEqual({
      param_add: true,
      param_edit: true,
      notice_view: true,
      deep: true,
    });
  });

  it('is empty for no buttons', () => {
    expect(buildPermissionSet([])).toEqual({});
    expect(buildPermissionSet(undefined)).toEqual({});
  });

  it('is stored under `permission` and answered by can()', () => {
    setPermission(buildPermissionSet(BUTTONS));
    expect(getStore('permission')).toEqual({
      param_add: true,
      param_edit: true,
      notice_view: true,
      deep: true,
    });
    expect(can('param_add')).toBe(true);
    expect(can('param_delete')).toBe(false);
    expect(can('param')).toBe(false);
  });

  it('comes back from storage after a reload and goes with the session', () => {
    setPermission({ param_add: true });
    clearPermission();
    expect(can('param_add')).toBe(false);
    setPermission({ param_add: true });
    act(() => hydratePermission());
    expect(can('param_add')).toBe(true);
    // The menu store forgets menus and permissions when the session ends.
    expect(useMenuStore.getState().menu).toEqual([]);
    useSessionStore.getState().logoutLocally();
    expect(can('param_add')).toBe(false);
    expect(getStore('permission')).toBeUndefined();
  });

  it('useCan re-renders with a new set', () => {
    const { result } = renderHook(() => useCan());
    expect(result.current('notice_view')).toBe(false);
    act(() => setPermission({ notice_view: true }));
    expect(result.current('notice_view')).toBe(true);
  });
});
