import net from 'node:net';

/**
 * A loopback port nothing listens on: connections to it are refused, like a server that is down;
 * or a port to start a server on whose address must be known before it starts (PUBLIC_URL).
 */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}
