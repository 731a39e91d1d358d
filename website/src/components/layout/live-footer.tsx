import { FooterContent } from './footer-content';

/**
 * The footer rendered in the browser, from the settings the owner's app loads: the /login shell
 * is built without data, so its markup cannot be kept (only the owner's app imports this).
 */
export function LiveFooter() {
  return (
    <footer id="pie" className="site-footer">
      <FooterContent />
    </footer>
  );
}
