import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request MinCIT's stand-in received. */
export interface MincitCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The code answered (undefined when refused). */
  code: number | undefined;
}

export interface MincitStandIn {
  /** The base to set as TRA_API_URL. */
  url: string;
  token: string;
  calls: MincitCall[];
  /** While > 0, each call is answered 503 (and counted down): MinCIT down. */
  failNext: number;
  close(): Promise<void>;
}

/**
 * A local stand-in of MinCIT's PMS API (issue 34): `POST /one/` (main guest) and `POST /two/`
 * (companion, with `padre`), `Authorization: token <token>` checked (401 otherwise), JSON bodies
 * recorded, `201 {"code": N}` answered with increasing codes; `/two/` needs a `padre` it issued.
 */
export async function startMincitStandIn(token = 'tra-test-token-123'): Promise<MincitStandIn> {
  const calls: MincitCall[] = [];
  const issued = new Set<number>();
  let next = 5000;
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(400, { detail: 'JSON inválido' });
      }
      const call: MincitCall = { path: req.url ?? '', authorization: req.headers.authorization, body, code: undefined };
      calls.push(call);
      if (req.method !== 'POST' || (req.url !== '/one/' && req.url !== '/two/')) return answer(404, {});
      if (req.headers.authorization !== `token ${token}`) return answer(401, { detail: 'Token inválido.' });
      if (state.failNext > 0) {
        state.failNext--;
        return answer(503, { detail: 'Servicio no disponible' });
      }
      if (req.url === '/two/' && !issued.has(Number(body.padre))) return answer(400, { padre: ['No existe.'] });
      const code = next++;
      issued.add(code);
      call.code = code;
      answer(201, { code });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    get failNext() {
      return state.failNext;
    },
    set failNext(n: number) {
      state.failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
