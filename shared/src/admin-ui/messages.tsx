import { forwardRef } from 'react';

/**
 * The two live regions each section uses. They stay mounted (empty when idle) so screen
 * readers announce the text when it appears.
 */
export function StatusMessage({ text }: { text: string | null }) {
  return (
    <p className="adm-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

export const AlertMessage = forwardRef<HTMLParagraphElement, { text: string | null }>(function AlertMessage(
  { text },
  ref,
) {
  return (
    <p className={text ? 'adm-alert' : 'adm-alert adm-alert--empty'} role="alert" ref={ref}>
      {text}
    </p>
  );
});

/** A row's own failure (a photo, a feed), shown inside the row; nothing while it has none. */
export function RowAlert({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="adm-alert" role="alert">
      {text}
    </p>
  );
}
