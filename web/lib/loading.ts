import { proxy } from 'valtio';

// The spinner mask covers the page while any explicit load runs; a counter, because loads overlap.
export const loading = proxy({ pending: 0 });

export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  loading.pending += 1;
  try {
    return await work();
  } finally {
    loading.pending -= 1;
  }
}
