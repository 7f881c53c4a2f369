import type { ReactNode } from 'react';

export function Alert({ kind, children, testId }: { kind: 'error' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <div className={`alert alert-${kind}`} role="alert" data-testid={testId}>
      {kind === 'error' && <span aria-hidden="true" className="alert-icon">⚠</span>}
      {children}
    </div>
  );
}
