import { vi } from 'vitest';

/**
 * Browser APIs jsdom lacks that antd's tables, uploads and previews use. Import from a test file that needs them;
 * each stub is installed only when the API is missing.
 */
export function installDomStubs(): void {
  if (!('ResizeObserver' in globalThis)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  if (!URL.createObjectURL) {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:stub') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  }
}
