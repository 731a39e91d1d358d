import { useEffect, useId, useRef, useState } from 'react';

/**
 * The question before a destructive action (issue 33: nothing is deleted in one tap): what is
 * about to go, "Sí, eliminar" and "No". Focus moves to the question so a screen reader reads it
 * and a keyboard lands on the safe answer next.
 */
export function ConfirmPrompt({
  question,
  confirmLabel = 'Sí, eliminar',
  busy = false,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="adm-confirm" role="group" aria-labelledby={`${id}-q`}>
      <p id={`${id}-q`} ref={ref} tabIndex={-1}>
        {question}
      </p>
      <div className="adm-actions">
        <button type="button" className="adm-button adm-button--danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="adm-button" disabled={busy} onClick={onCancel}>
          No
        </button>
      </div>
    </div>
  );
}

/** A delete button that asks first: the button, then the question in its place. */
export function ConfirmButton({
  label,
  ariaLabel,
  question,
  busy,
  onConfirm,
}: {
  label: string;
  ariaLabel?: string;
  question: string;
  busy?: boolean;
  onConfirm(): void;
}) {
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <ConfirmPrompt
        question={question}
        busy={busy}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
        onCancel={() => setAsking(false)}
      />
    );
  return (
    <button
      type="button"
      className="adm-button adm-button--danger"
      aria-label={ariaLabel}
      disabled={busy}
      onClick={() => setAsking(true)}
    >
      {label}
    </button>
  );
}
