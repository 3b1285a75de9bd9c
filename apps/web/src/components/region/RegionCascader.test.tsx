import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../test/domStubs';
import { RegionCascader } from './RegionCascader';

const regionChildren = vi.hoisted(() => vi.fn());
vi.mock('../../api/region', () => ({ regionChildren }));

const row = (code: string, name: string, hasChildren: boolean) => ({
  id: `id-${code}`,
  code,
  name,
  hasChildren,
});
const TREE: Record<string, ReturnType<typeof row>[]> = {
  '00': [row('33', '浙江省', true), row('81', '香港特别行政区', false)],
  '33': [row('3301', '杭州市', true)],
  '3301': [row('330106', '西湖区', false), row('330102', '上城区', false)],
};

describe('RegionCascader', () => {
  beforeAll(() => installDomStubs());
  beforeEach(() => {
    regionChildren.mockReset();
    regionChildren.mockImplementation(async (code = '00') => TREE[code] ?? []);
  });

  it('loads the provinces, then each level only when it is opened, and answers the chosen codes', async () => {
    const onChange = vi.fn();
    render(<RegionCascader onChange={onChange} />);
    await waitFor(() => expect(regionChildren).toHaveBeenCalledTimes(1));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('浙江省'));
    await waitFor(() => expect(regionChildren).toHaveBeenCalledWith('33'));
    fireEvent.click(await screen.findByText('杭州市'));
    await waitFor(() => expect(regionChildren).toHaveBeenCalledWith('3301'));
    fireEvent.click(await screen.findByText('西湖区'));
    expect(onChange).toHaveBeenLastCalledWith(['33', '3301', '330106']);
    // A level without children ends the path: no request for Hong Kong's children.
    expect(regionChildren).not.toHaveBeenCalledWith('81');
  });

  it('shows a value it is given by name, loading its path, and keeps a comma-joined value joined', async () => {
    const onChange = vi.fn();
    render(<RegionCascader value="33,3301,330106" onChange={onChange} />);
    expect(await screen.findByText('浙江省 / 杭州市 / 西湖区')).toBeTruthy();
    expect(regionChildren.mock.calls.map((c) => c[0])).toEqual([undefined, '33', '3301']);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('上城区'));
    expect(onChange).toHaveBeenLastCalledWith('33,3301,330102');
  });

  it('stops at the requested depth', async () => {
    const onChange = vi.fn();
    render(<RegionCascader depth={2} onChange={onChange} />);
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    fireEvent.click(await screen.findByText('浙江省'));
    fireEvent.click(await screen.findByText('杭州市'));
    expect(onChange).toHaveBeenLastCalledWith(['33', '3301']);
    expect(regionChildren).not.toHaveBeenCalledWith('3301');
  });
});
