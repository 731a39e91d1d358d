/**
 * Reference servers for the HTTP figures, each in its own process, sending the exact bytes our
 * server sent for the same request:
 *   tsx server/bench/reference-server.ts koa|bare <path> <bodyFile> <content-type> [content-encoding]
 * `koa` is the minimal Koa + @koa/router app; `bare` is node:http with nothing in between.
 */
import http from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { Router } from '@koa/router';

const [kind, route, bodyFile, type, encoding] = process.argv.slice(2);
if (!kind || !route || !bodyFile || !type)
  throw new Error('usage: koa|bare <path> <bodyFile> <content-type> [encoding]');
const body = fs.readFileSync(bodyFile);

let server: http.Server;
if (kind === 'koa') {
  const app = new Koa();
  const router = new Router();
  router.get(route, (ctx) => {
    ctx.type = type;
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.body = body;
  });
  app.use(router.routes());
  const handle = app.callback();
  // Koa's handler answers its own errors; the promise carries nothing to wait for.
  server = http.createServer((req, res) => void handle(req, res));
} else {
  const headers: Record<string, string | number> = { 'content-type': type, 'content-length': body.length };
  if (encoding) headers['content-encoding'] = encoding;
  server = http.createServer((req, res) => {
    if (req.url === route) {
      res.writeHead(200, headers);
      res.end(body);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
}
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
