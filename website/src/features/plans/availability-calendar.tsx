import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type * as PickerExports from './availability-picker';
import type { AvailabilityPickerProps, Pending } from './availability-picker';

type PickerModule = typeof PickerExports;

// The server build has the picker at once, to render it into the page; in the browser build
// `import.meta.env.SSR` is false and this is plain `null` (no await, no import).
let loaded: PickerModule | null = import.meta.env.SSR ? await import('./availability-picker') : null;

/** The id of the element holding the picker's markup, which the browser takes over from the server. */
const CALENDAR_FRAME_ID = 'calendario-fechas';

/**
 * The availability calendar. The server renders the real picker into the page, so the blocked
 * nights show before any script; the browser keeps that markup as it is (no hydration of it, so
 * no mismatch) and loads the picker (react-day-picker, date-fns) when the visitor first points
 * at, focuses or uses the calendar. Clicks and keys that arrive before it are replayed on it, and
 * it takes the markup's place only between taps (never under a pressed finger).
 * Kept small on purpose: this part is in the page's first load, the rest is not.
 */
export function AvailabilityCalendar(props: AvailabilityPickerProps) {
  const [picker, setPicker] = useState(loaded);
  // Read before hydration changes anything: what the server sent (nothing after a client-side navigation).
  const [serverHtml] = useState(() =>
    typeof document === 'undefined' ? '' : (document.getElementById(CALENDAR_FRAME_ID)?.innerHTML ?? ''),
  );
  const boxRef = useRef<HTMLDivElement>(null);
  const pending = useRef<Pending[]>([]);
  const picking = props.picking.checkIn !== '';

  useEffect(() => {
    const box = boxRef.current;
    if (picker || !box) return;
    let loading = false;
    // The picker's code, once here; it replaces the server's markup only between taps: a finger
    // pressed on a day of the old markup and lifted on the new one would make no click at all.
    let arrived: PickerModule | null = null;
    let pressing = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      if (!arrived || pressing) return;
      // Where the focus was, as the last thing to restore.
      pending.current.push({ type: 'focus', target: document.activeElement });
      const next = (loaded = arrived);
      arrived = null;
      // At once, not at React's next turn: a press that came in between would land on the markup
      // about to be replaced, and its release on the picker (no click at all).
      flushSync(() => setPicker(next));
    };
    const start = () => {
      if (loading) return;
      loading = true;
      import('./availability-picker').then(
        (m) => {
          arrived = m;
          apply();
        },
        (err: unknown) => {
          // Offline for a moment: the next interaction tries again.
          loading = false;
          console.warn('No se pudo cargar el calendario:', err);
        },
      );
    };
    const settleIn = (ms: number) => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        pressing = false;
        apply();
      }, ms);
    };
    // A main press (a finger, the left button) holds the markup until its click; never for long,
    // whatever becomes of the press (a release out of the window, a menu opened instead).
    const press = (e: PointerEvent) => {
      start();
      if (e.button !== 0 || !e.isPrimary) return;
      pressing = true;
      settleIn(3000);
    };
    // The click that ends a tap comes just after the release (a touch's, a little later): it is
    // held below; without one (the finger slid away), the picker comes in a moment after.
    const release = (e: Event) => {
      // The window's own blur, not an element's (the press itself moves the focus).
      if (pressing && (e.type !== 'blur' || e.target === window)) settleIn(300);
    };
    const keep = (e: Event) => {
      // Tab moves on as usual; anything else waits for the picker (no scroll, no early click).
      if (e instanceof KeyboardEvent && (e.key === 'Tab' || e.altKey || e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      pending.current.push({ type: e.type, key: (e as KeyboardEvent).key, target: e.target });
      if (e.type === 'click') {
        clearTimeout(settle);
        pressing = false;
      }
      start();
      apply();
    };
    if (!serverHtml || picking) start();
    // A pointer (mouse or finger) arrives over the calendar, or the focus does, before any click or key.
    box.addEventListener('pointerover', start);
    box.addEventListener('focusin', start);
    box.addEventListener('pointerdown', press, true);
    // Lifted anywhere: a finger may slide off the calendar before it lets go; or the press ends
    // otherwise (the window loses the focus, a context menu opens).
    const ends = ['pointerup', 'pointercancel', 'blur', 'contextmenu'] as const;
    for (const type of ends) window.addEventListener(type, release, true);
    box.addEventListener('click', keep, true);
    box.addEventListener('keydown', keep, true);
    return () => {
      clearTimeout(settle);
      box.removeEventListener('pointerover', start);
      box.removeEventListener('focusin', start);
      box.removeEventListener('pointerdown', press, true);
      for (const type of ends) window.removeEventListener(type, release, true);
      box.removeEventListener('click', keep, true);
      box.removeEventListener('keydown', keep, true);
    };
  }, [picker, serverHtml, picking]);

  useLayoutEffect(() => {
    if (picker && boxRef.current) void picker.replay(boxRef.current, pending.current.splice(0));
  }, [picker]);

  const Picker = picker?.AvailabilityPicker;
  return (
    <div ref={boxRef} className="calendar">
      {Picker ? (
        <div key="picker" id={CALENDAR_FRAME_ID} className="calendar__frame">
          <Picker {...props} />
        </div>
      ) : (
        <div id={CALENDAR_FRAME_ID} className="calendar__frame" dangerouslySetInnerHTML={{ __html: serverHtml }} />
      )}
    </div>
  );
}
