import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../app/UiProviders';
import { CrudSearch, collapsedFieldCount } from './CrudSearch';
import type { CrudField } from './types';

const fields: CrudField[] = [
  { name: 'paramName', label: 'screens.param.paramName', search: true },
  { name: 'paramKey', label: 'screens.param.paramKey', search: true },
  { name: 'paramValue', label: 'screens.param.paramValue', search: true },
];

describe('CRUD search folding', () => {
  it('shows two rows of controls at each width, the buttons included', () => {
    expect(collapsedFieldCount({})).toBe(1);
    expect(collapsedFieldCount({ xs: true, sm: true })).toBe(3);
    expect(collapsedFieldCount({ sm: true, md: true, lg: true })).toBe(5);
    expect(collapsedFieldCount({ sm: true, lg: true, xl: true })).toBe(7);
  });

  it('folds empty fields beyond that behind 展开; a field holding a filter never folds', async () => {
    // jsdom matches no media query: the phone layout, one field before the fold.
    const onSearch = vi.fn();
    render(
      <UiProviders>
        <CrudSearch fields={fields} onSearch={onSearch} />
      </UiProviders>,
    );
    const folded = (input: HTMLElement) => {
      for (let node: HTMLElement | null = input; node; node = node.parentElement)
        if (node.style.display === 'none') return true;
      return false;
    };
    const key = screen.getByLabelText('参数键名');
    const value = screen.getByLabelText('参数键值');
    expect(folded(screen.getByLabelText('参数名称'))).toBe(false);
    expect(folded(key)).toBe(true);
    expect(folded(value)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    expect(folded(key)).toBe(false);
    fireEvent.change(key, { target: { value: 'account.failCount' } });
    fireEvent.click(screen.getByRole('button', { name: /收起/ }));
    await waitFor(() => expect(folded(value)).toBe(true));
    expect(folded(key)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ paramKey: 'account.failCount' }));
  });

  it('offers no toggle when every field fits', () => {
    render(
      <UiProviders>
        <CrudSearch fields={fields.slice(0, 1)} onSearch={vi.fn()} />
      </UiProviders>,
    );
    expect(screen.queryByRole('button', { name: /展开/ })).toBeNull();
  });
});
