import { useEffect, useState } from 'react';

export type RemoteData<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

/**
 * Loads what a report table shows, again whenever `key` changes; an answer to an older key is
 * dropped (aborted), so a quick change of period or filter never shows stale rows.
 */
export function useRemoteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>): RemoteData<T> {
  const [state, setState] = useState<{ key: string; value: RemoteData<T> }>({ key, value: { status: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, value: { status: 'loading' } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'loaded', data } });
      },
      () => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'failed' } });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; the key names everything it depends on.
  }, [key]);
  return state.key === key ? state.value : { status: 'loading' };
}
