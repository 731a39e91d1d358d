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
  return keyOf(address, 4, 4);
}

/**
 * The network a client belongs to, for its share of the budgets everyone shares: an IPv4 /24
 * or an IPv6 /48 (what one provider's customer, a hosting rack or a CGNAT pool usually holds).
 */
export function networkKey(address: string): string {
  return keyOf(address, 3, 3);
}

/** `v4Bytes` leading bytes of an IPv4 address, or `v6Groups` leading groups of an IPv6 one. */
function keyOf(address: string, v4Bytes: number, v6Groups: number): string {
  let bytes: number[] | undefined;
  if (net.isIPv4(address)) bytes = address.split('.').map(Number);
  const groups = bytes ? undefined : ipv6Groups(address);
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (groups?.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    bytes = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255];
  }
  if (bytes) {
    if (v4Bytes === 4) return bytes.join('.');
    return `${bytes.map((b, i) => (i < v4Bytes ? b : 0)).join('.')}/${v4Bytes * 8}`;
  }
  if (!groups) return address;
  return `${groups
    .slice(0, v6Groups)
    .map((g) => g.toString(16))
    .join(':')}::/${v6Groups * 16}`;
}
