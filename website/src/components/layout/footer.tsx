import type { ReactNode } from 'react';
import { ServerMarkup } from '../ui/server-markup';

/**
 * The site's footer. Nothing in it changes after the server rendered it (links, the owner's
 * contact details, the WhatsApp button), so the browser keeps the server's markup (ServerMarkup)
 * and the production client build carries none of its code: about 0.5 KB gzip on every page. Its
 * content (FooterContent) is passed in by the server's render only (entry-server.tsx); the owner's
 * app, whose shell was built without the owner's settings, renders LiveFooter instead.
 */
export function Footer({ children = null }: { children?: ReactNode }) {
  return (
    <ServerMarkup id="pie" as="footer" className="site-footer">
      {children}
    </ServerMarkup>
  );
}
