import { useState, type ReactNode } from 'react';

/** Whether this build renders server-only parts itself: the server's, and the dev server's (which renders in the browser). */
const RENDERS_STATIC = import.meta.env.SSR || import.meta.env.DEV;

/**
 * A part of the page that never changes after the server rendered it: the browser keeps the
 * server's markup as it is, and the production client build carries none of its code (pass the
 * children as `import.meta.env.SSR || import.meta.env.DEV ? <Part /> : null`, written out at the
 * call site so the bundler leaves `Part` out). For the
 * 80 KB first-load budget. The element is found by `id`.
 */
export function ServerMarkup({
  id,
  as: Tag = 'div',
  className,
  children,
}: {
  id: string;
  as?: 'div' | 'footer' | 'li';
  className?: string;
  children: ReactNode;
}) {
  const [html] = useState(() => (RENDERS_STATIC ? '' : (document.getElementById(id)?.innerHTML ?? '')));
  if (RENDERS_STATIC)
    return (
      <Tag id={id} className={className}>
        {children}
      </Tag>
    );
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
