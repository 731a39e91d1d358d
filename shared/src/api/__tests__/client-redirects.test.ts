import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { API } from '../contract';
import { ApiError, REDIRECT_REFUSED_MESSAGE } from '../errors';

/**
 * Issue 19 item 12: a redirect on a credentialed call must not carry the credentials elsewhere.
 * Two real HTTP servers on loopback, two origins: the "API" answers every request with a redirect
 * to the other, which records whatever reaches it.
 */
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

function listen(handler: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let elsewhere: { server: http.Server; origin: string };
let api: { server: http.Server; origin: string };
const reached: Seen[] = [];
let status = 307;

beforeAll(async () => {
  elsewhere = await listen((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      reached.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ email: 'robado@example.com', expiresAt: '2030-01-01T00:00:00Z', token: 'x' }));
    });
  });
  api = await listen((req, res) => {
    req.resume();
    res.writeHead(status, { location: `${elsewhere.origin}${req.url ?? '/'}` });
    res.end();
  });
});

afterAll(async () => {
  await new Promise((r) => api.server.close(r));
  await new Promise((r) => elsewhere.server.close(r));
});

describe('the shared API client refuses redirects (issue 19 item 12)', () => {
  it.each([307, 308])('a %i on sign-in does not resend the password to another origin', async (code) => {
    status = code;
    reached.length = 0;
    const client = createApiClient(API, { baseUrl: `${api.origin}/api` });
    const err = await client
      .login({ email: 'dueña@example.com', password: 'una frase de paso secreta', token: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(reached).toEqual([]);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(REDIRECT_REFUSED_MESSAGE);
    expect((err as ApiError).code).toBe('NETWORK');
  });

  it.each([301, 302, 303, 307, 308])('a %i on a call with a bearer token goes nowhere', async (code) => {
    status = code;
    reached.length = 0;
    const client = createApiClient(API, { baseUrl: `${api.origin}/api`, getToken: () => 'token-del-escritorio' });
    await expect(client.setPrice({ precio: 150_000 })).rejects.toThrow(REDIRECT_REFUSED_MESSAGE);
    await expect(client.listEnquiries()).rejects.toThrow(REDIRECT_REFUSED_MESSAGE);
    expect(reached).toEqual([]);
  });
});
