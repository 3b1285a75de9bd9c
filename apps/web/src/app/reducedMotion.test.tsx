import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AntAppFrame from './AntAppFrame';
import { UiRoot } from './UiRoot';

/** A matchMedia whose reduced-motion answer the test switches, announcing the change as a browser does. */
function systemMotion(reduced: boolean) {
  const original = window.matchMedia;
  const listeners = new Set<() => void>();
  let matches = reduced;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }),
  });
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
    restore: () => Object.defineProperty(window, 'matchMedia', { configurable: true, value: original }),
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{`motion:${token.motion} duration:${token.motionDurationMid}`}</output>;
}

/** A console screen (inside the root and the antd `<App>` frame) that shows its theme; returns what it reads. */
function renderProbe(): () => string | null {
  const router = createMemoryRouter([
    { element: <AntAppFrame />, children: [{ path: '/', element: <MotionProbe /> }] },
  ]);
  render(
    <UiRoot>
      <RouterProvider router={router} />
    </UiRoot>,
  );
  return () => screen.getByRole('status').textContent;
}

let motion: ReturnType<typeof systemMotion> | undefined;
afterEach(() => motion?.restore());

describe('reduced motion', () => {
  it('turns antd motion off while the system asks for reduced motion, and on again when it stops asking', () => {
    motion = systemMotion(true);
    const probe = renderProbe();
    expect(probe()).toBe('motion:false duration:0s');
    act(() => motion?.set(false));
    expect(probe()).toBe('motion:true duration:0.2s');
  });

  it('keeps antd motion when the system does not ask', () => {
    motion = systemMotion(false);
    const probe = renderProbe();
    expect(probe()).toBe('motion:true duration:0.2s');
  });
});
