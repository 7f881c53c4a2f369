import type { ReactNode } from 'react';

export function Alert({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role="alert">
      {kind === 'error' && <span aria-hidden="true" className="alert-icon">⚠</span>}
      {children}
    </div>
  );
}
