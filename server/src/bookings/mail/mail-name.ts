/**
 * A guest's name in an e-mail must never become a link (issue 28, item 2): mail clients turn
 * anything that looks like an address into one ("http://evil.example", "www.evil.example",
 * "evil.example", "a@evil.example"), and a booking form would then mail an attacker's link
 * under the cabin's name. What security writing calls "defanging" (the convention of CERTs and
 * threat reports: `evil[.]example`, `hxxp[:]//`) keeps such a name readable for the owner and
 * breaks every linkifier, with plain ASCII that survives copy and paste (unlike invisible
 * joiners, which clients strip or ignore). A guest's greeting leaves such a name out altogether.
 */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}_-]\.[\p{L}\p{N}-]{2,}/iu;

/** Whether a name reads as a web or e-mail address (a linkifier would make it a link). */
export const looksLikeLink = (name: string): boolean => LINK_LIKE.test(name);

/** The name as e-mails show it: unchanged, or defanged when it looks like an address. */
export function mailName(name: string): string {
  if (!looksLikeLink(name)) return name;
  return name.replace(/\./g, '[.]').replace(/:/g, '[:]').replace(/@/g, '[@]');
}
