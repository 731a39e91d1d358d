/** What counts as the visitor's interaction with the page: a pointer, a touch, a key, the focus, the wheel, a field changed. */
const INTERACTIONS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'input',
  'change',
] as const;

/**
 * Resolves at the visitor's next interaction with the page, anywhere on it, or when `early`
 * resolves first. Code that the first interaction does not need waits for it, so it is not part
 * of the page's first load (issue 31: deferred parts, /planes' form); the visitor's own action
 * gives it the time to arrive.
 */
export function nextInteraction(early?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, go, { capture: true });
      resolve();
    };
    for (const type of INTERACTIONS) document.addEventListener(type, go, { capture: true, passive: true });
    void early?.then(go);
  });
}
