import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  danger?: boolean;
}

/**
 * A menu button (WAI-ARIA menu button pattern): one "Más acciones" button per card instead of a
 * row of buttons. Enter, Space or the down arrow open it on the first item (the up arrow on the
 * last); the arrows, Home and End move between items; Escape closes it and gives the focus back to
 * the button; Tab or a click elsewhere closes it.
 */
export function ActionMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<'first' | 'last'>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (start === 'first' ? all[0] : all.at(-1))?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, start]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setStart(e.key === 'ArrowDown' ? 'first' : 'last');
      setOpen(true);
    }
  }

  function onMenuKey(e: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  }

  return (
    <div className="adm-menu">
      <button
        ref={button}
        type="button"
        className="adm-button adm-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        onClick={() => {
          setStart('first');
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        Más acciones <span aria-hidden="true">▾</span>
      </button>
      {open && (
        // The menu's keys are handled on the list, the items are its buttons.
        <ul id={`${id}-menu`} ref={menu} role="menu" aria-label={label} className="adm-menu-list" onKeyDown={onMenuKey}>
          {actions.map((a) => (
            <li key={a.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={a.danger ? 'adm-menu-item adm-menu-item--danger' : 'adm-menu-item'}
                aria-disabled={a.disabled || undefined}
                onClick={() => {
                  if (a.disabled) return;
                  close(true);
                  a.onSelect();
                }}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
