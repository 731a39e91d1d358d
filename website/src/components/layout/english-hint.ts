/** Set once the visitor closed the suggestion: it is not shown again in this browser. */
const DISMISSED = 'cabana:english-hint';

/**
 * The gentle suggestion on a Spanish page for a browser that prefers English: a link to the same
 * page in English (the header's language link says which), never a redirect. Made in the browser
 * only, outside every island (neither the server's HTML nor hydration knows of it), fixed at the
 * bottom of the screen (nothing moves), closable and remembered. In English, and marked so. No
 * imports: it is the one script of a Spanish page without islands (hint-entry.ts).
 */
export function showEnglishHint(): void {
  const to = document.querySelector<HTMLAnchorElement>('header a[hreflang="en"]')?.getAttribute('href');
  // Without storage (a privacy setting) it could not be closed for good: not shown.
  if (!to || localStorage.getItem(DISMISSED)) return;
  const box = document.createElement('aside');
  box.className = 'english-hint';
  box.lang = 'en';
  box.ariaLabel = 'Language';
  // `to` is one of the site's own paths.
  box.innerHTML = `<a hreflang="en">This page is also in English</a><button type="button" aria-label="Dismiss">×</button>`;
  const [link, close] = box.children as unknown as [HTMLAnchorElement, HTMLButtonElement];
  // The same page with what the visitor chose since (the plans page keeps the stay in its query).
  link.href = to;
  link.onfocus = link.onclick = () => (link.href = to + location.search);
  close.onclick = () => {
    localStorage.setItem(DISMISSED, '1');
    box.remove();
  };
  document.body.append(box);
}
