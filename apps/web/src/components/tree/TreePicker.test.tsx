import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../app/UiProviders';
import { installDomStubs } from '../../test/domStubs';
import { TreePicker } from './TreePicker';

installDomStubs();

describe('TreePicker', () => {
  it('offers the nodes of the tree endpoint and answers the chosen id', async () => {
    const load = vi
      .fn()
      .mockResolvedValue([{ id: '1', title: '立方科技', children: [{ id: '2', title: '研发部' }] }]);
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UiProviders>
          <TreePicker queryKey={['dept', 'tree']} load={load} onChange={onChange} treeDefaultExpandAll open />
        </UiProviders>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await user.click(await screen.findByTitle('研发部'));
    expect(onChange).toHaveBeenCalled();
    expect(onChange.mock.calls[0]?.[0]).toBe('2');
  });
});
