import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetMessageApi, setMessageApi, showErrorMessage } from './feedback';

describe('error toasts', () => {
  afterEach(resetMessageApi);

  it('keys a message by its text, so identical failures show once', () => {
    const open = vi.fn();
    setMessageApi({ open } as unknown as MessageInstance);
    showErrorMessage('请先修改初始密码');
    showErrorMessage('请先修改初始密码');
    showErrorMessage('服务器异常');
    showErrorMessage('登录状态已过期,请重新登录', 'request-unauthorized');
    const keys = open.mock.calls.map(([config]) => config.key);
    expect(keys).toEqual([
      'error:请先修改初始密码',
      'error:请先修改初始密码',
      'error:服务器异常',
      'request-unauthorized',
    ]);
  });
});
