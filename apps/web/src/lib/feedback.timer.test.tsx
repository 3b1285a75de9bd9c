import { render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closedByTimer } from './feedback';

/** A stand-in for antd's instance that records what it is asked. */
function recorder() {
  return {
    open: vi.fn(() => () => undefined),
    destroy: vi.fn(),
  } as unknown as MessageInstance & { open: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn> };
}

describe('toasts closed by a timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a confirmation without antd’s per-frame timer and closes it after its duration', () => {
    const api = recorder();
    const toasts = closedByTimer(api);
    toasts.success('登录成功');
    toasts.info({ content: '已复制', duration: 1.5 });
    const [first, second] = api.open.mock.calls.map(([config]) => config);
    expect(first).toMatchObject({ type: 'success', content: '登录成功', duration: 0 });
    expect(second).toMatchObject({ type: 'info', content: '已复制', duration: 0 });
    vi.advanceTimersByTime(1500);
    expect(api.destroy.mock.calls).toEqual([[second.key]]);
    vi.advanceTimersByTime(1500);
    expect(api.destroy.mock.calls).toEqual([[second.key], [first.key]]);
  });

  it('reads antd’s arguments: a duration or an onClose second, a config object with its own key', () => {
    const api = recorder();
    const toasts = closedByTimer(api);
    const onClose = vi.fn();
    toasts.success('已保存', onClose);
    toasts.loading('导出中', 0);
    toasts.success({ content: '已删除', key: 'removed' });
    const configs = api.open.mock.calls.map(([config]) => config);
    expect(configs[0]).toMatchObject({ content: '已保存', onClose });
    expect(configs[2]).toMatchObject({ content: '已删除', key: 'removed' });
    vi.advanceTimersByTime(60_000);
    // A duration of 0 stays until it is closed.
    expect(api.destroy.mock.calls.map(([key]) => key)).toEqual([configs[0].key, 'removed']);
  });

  it('a toast opened again under the same key runs for its own duration, not the first one’s', () => {
    const api = recorder();
    const toasts = closedByTimer(api);
    toasts.success({ content: '第一次', key: 'same' });
    vi.advanceTimersByTime(2000);
    toasts.success({ content: '第二次', key: 'same' });
    vi.advanceTimersByTime(2000);
    expect(api.destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(api.destroy.mock.calls).toEqual([['same']]);
  });

  it('leaves errors and warnings to antd’s timer, which pauses while the pointer is on them', () => {
    const api = recorder();
    const toasts = closedByTimer(api);
    toasts.error('服务器异常');
    toasts.warning({ content: '请至少选择一条数据', duration: 2 });
    expect(api.open.mock.calls.map(([config]) => config.duration)).toEqual([undefined, 2]);
    vi.advanceTimersByTime(60_000);
    expect(api.destroy).not.toHaveBeenCalled();
  });
});

let antdToasts: MessageInstance | undefined;
function Holder() {
  const [api, holder] = message.useMessage();
  antdToasts = useMemo(() => closedByTimer(api), [api]);
  return holder;
}

describe('toasts closed by a timer, with antd', () => {
  it('shows the toast and takes it away after its duration', async () => {
    render(<Holder />);
    const toasts = antdToasts;
    toasts?.success({ content: '登录成功', duration: 0.2 });
    expect(await screen.findByText('登录成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('登录成功')).toBeNull(), { timeout: 3000 });
  });
});
