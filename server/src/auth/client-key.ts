import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  if (!net.isIPv6(text)) return undefined;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (net.isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const halves = text.split('::');
  const left = parse(halves[0]!);
  const right = halves.length > 1 ? parse(halves[1]!) : [];
  const groups =
    halves.length > 1 ? [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right] : left;
  return groups.length === 8 ? groups : undefined;
}

/**
 * The key a client is counted under by the rate limits. One IPv6 subscriber usually gets a whole
 * /64 (2^64 addresses), so counting single addresses would give it endless fresh budgets: IPv6
 * clients are counted by their /64 network. IPv4 (also when mapped into IPv6) by the address.
 */
export function clientKey(address: string): string {
  if (net.isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
