import { create } from 'zustand';

/**
 * The full-screen loading overlay (text '处理中，请稍后...'). Counted, so that overlapping operations keep it
 * up until the last one ends.
 */
interface LoadingState {
  pending: number;
}

export const useLoadingStore = create<LoadingState>()(() => ({ pending: 0 }));

export function showLoading(): void {
  useLoadingStore.setState((state) => ({ pending: state.pending + 1 }));
}

export function hideLoading(): void {
  useLoadingStore.setState((state) => ({ pending: Math.max(0, state.pending - 1) }));
}

/** Shows the overlay while `work` runs. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  showLoading();
  try {
    return await work();
  } finally {
    hideLoading();
  }
}
