import { useEffect, useRef } from 'react';

/**
 * Moves focus to a screen's heading when the screen appears, so keyboard and screen-reader
 * users land on the new content instead of the now-missing button they pressed.
 */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
