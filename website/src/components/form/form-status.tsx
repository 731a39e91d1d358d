import type { ReactNode } from 'react';

export type FormStatusKind = 'success' | 'error';

/** The form's outcome, announced by screen readers (role="alert"), never a window.alert. */
export function FormStatus({ kind, children }: { kind: FormStatusKind; children: ReactNode }) {
  return (
    <div role="alert" className={`form-status form-status--${kind}`}>
      {children}
    </div>
  );
}
