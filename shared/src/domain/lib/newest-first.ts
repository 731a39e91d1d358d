/**
 * A copy of `items`, newest first by an ISO-8601 UTC timestamp (as `toISOString` writes them, so
 * text order is time order); items with the same timestamp keep their order. The server's lists
 * and the admin panel's inbox sort with it.
 */
export function newestFirst<T>(items: Iterable<T>, timestamp: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const ta = timestamp(a);
    const tb = timestamp(b);
    return ta < tb ? 1 : ta > tb ? -1 : 0;
  });
}
