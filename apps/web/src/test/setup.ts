import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { keepOnlyRulesTestsRead } from './styleRules';

initI18n();

// antd's injected CSS made each getComputedStyle call cost ~0.4 s under jsdom (styleRules.ts).
keepOnlyRulesTestsRead();

// findBy*/waitFor wait up to 1 s by default; a lazily loaded route or an antd form under jsdom can take longer on a
// busy two-core machine, and a slow pass is not a failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs antd's responsive utilities call.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

// jsdom implements no pseudo-element styles; antd's modal asks for them when measuring the scroll bar.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
