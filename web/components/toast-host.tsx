import { useSnapshot } from 'valtio';
import { toasts } from '../lib/toast-queue.ts';

export function ToastHost() {
  const { current } = useSnapshot(toasts);
  if (current === null) return null;
  return (
    <div className="toast" role="status" aria-live="polite">
      {current}
    </div>
  );
}
