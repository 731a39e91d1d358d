/**
 * A tap before an island is hydrated is not lost: from the moment the (small) entry runs until
 * the island's code has hydrated it, a click on one of its buttons and a form's submission are
 * held (the browser does nothing with them) and replayed once React handles that island. Links
 * and fields work without code, so they are left alone. No dependencies: it must run first.
 * `within` finds the part a tap belongs to: the islands, or the parts of one whose code comes later
 * (/planes' form, `data-later`).
 */
export function holdEarlyTaps(
  islands: Iterable<Element>,
  within = '[data-isla]',
): { hydrated(island: Element): void; giveUp(): void } {
  const waiting = new Map<Element, (() => void)[]>();
  for (const el of islands) waiting.set(el, []);
  const hold = (e: Event) => {
    const target = e.target instanceof Element ? e.target : null;
    const queue = waiting.get(target?.closest(within) as Element);
    if (!target || !queue) return;
    const button = e.type === 'click' ? target.closest('button') : null;
    const form = e.type === 'submit' ? (target as HTMLFormElement) : null;
    if (!button && !form) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    queue.push(() => (button ? button.click() : form!.requestSubmit()));
  };
  const types = ['click', 'submit'];
  const stop = () => {
    for (const type of types) document.removeEventListener(type, hold, true);
  };
  for (const type of types) document.addEventListener(type, hold, true);
  return {
    hydrated(island) {
      const queue = waiting.get(island);
      waiting.delete(island);
      if (waiting.size === 0) stop();
      for (const replay of queue ?? []) if (island.isConnected) replay();
    },
    giveUp() {
      waiting.clear();
      stop();
    },
  };
}
