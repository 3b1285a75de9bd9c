import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorLogStore } from '../../stores/errorLog';
import { PageErrorBoundary } from './PageErrorBoundary';

function Bomb({ fail }: { fail: boolean }) {
  if (fail) throw new Error('render failed');
  return <span>page content</span>;
}

function Harness() {
  const [fail, setFail] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setFail(false)}>
        fix
      </button>
      <PageErrorBoundary>
        <Bomb fail={fail} />
      </PageErrorBoundary>
    </>
  );
}

describe('page error boundary', () => {
  afterEach(() => {
    useErrorLogStore.getState().clear();
    vi.restoreAllMocks();
  });

  it('shows the error inside the shell, records it in the local log and can retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness />);
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByText('render failed')).toBeTruthy();
    expect(useErrorLogStore.getState().logs[0]).toMatchObject({ type: 'error', message: 'render failed' });

    fireEvent.click(screen.getByText('fix'));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('page content')).toBeTruthy();
  });
});
