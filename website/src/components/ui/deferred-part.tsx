import { useEffect, useRef, useState, type ComponentType } from 'react';
import { nextInteraction } from '../../lib/first-interaction';

/**
 * A part of an island that only shows what its props compute (text and links: no field, no
 * button), with its code out of the page's first load (issue 31). The server renders the real
 * part into the page; the browser keeps that markup as it is (no hydration of it) and loads the
 * code at the visitor's first interaction with the page (lib/first-interaction.ts), or at once if
 * the props change before that (a stay read from the link); from then on the part renders as
 * usual. Nothing the visitor does is lost: the part holds nothing to type into or tap.
 *
 * `server` is the part itself in the server's build and null in the browser's, as in
 * `import.meta.env.SSR ? (await import('./x')).X : null`, so the browser's first load does not
 * import it. `id` names the element that carries the server's markup (one per page).
 */
export function deferredPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  server: ComponentType<P> | null,
): ComponentType<P> {
  let loaded = server;

  function DeferredPart(props: P) {
    const [Part, setPart] = useState(() => loaded);
    // Read before hydration changes anything: what the server sent (nothing after a client-side render).
    const [serverHtml] = useState(() =>
      typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? ''),
    );
    const first = useRef(props);
    const changed = (Object.keys(props) as (keyof P)[]).some((k) => props[k] !== first.current[k]);
    const [wanted, setWanted] = useState(false);
    // Loads tried and failed (offline for a moment): each next interaction tries again.
    const [failed, setFailed] = useState(0);
    const needed = wanted || changed || !serverHtml;

    useEffect(() => {
      if (Part) return;
      let live = true;
      if (!needed) {
        void nextInteraction().then(() => live && setWanted(true));
      } else {
        load().then(
          (part) => live && setPart(() => (loaded = part)),
          (err: unknown) => {
            console.warn('No se pudo cargar una parte de la página:', err);
            void nextInteraction().then(() => live && setFailed((n) => n + 1));
          },
        );
      }
      return () => {
        live = false;
      };
    }, [Part, needed, failed]);

    return Part ? (
      <div key="part" id={id} className="deferred-part">
        <Part {...props} />
      </div>
    ) : (
      <div id={id} className="deferred-part" dangerouslySetInnerHTML={{ __html: serverHtml }} />
    );
  }
  return DeferredPart;
}
