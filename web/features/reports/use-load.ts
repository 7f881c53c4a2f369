import { useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

/**
 * Loads once per change of `key`; an answer for an older key is dropped. Failures are logged only
 * (spec 3 section 8: report failures show no message; the section shows its empty state).
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { status: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, loaded: { status: 'loading' } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, loaded: { status: 'loaded', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Report section failed', error);
        setState({ key, loaded: { status: 'failed' } });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `key` names everything it depends on.
  }, [key]);
  return state.key === key ? state.loaded : { status: 'loading' };
}
