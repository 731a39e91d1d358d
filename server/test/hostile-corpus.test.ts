import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiRouter } from '../src/routes/api';
import { isAdminGuard } from '../src/middleware/auth';
import { ApiErrorBodySchema } from '@cabana/shared/domain/schemas/errors';
import { startTestServer, type TestServer } from '../../test-support/server';
import { raw } from './helpers/http';
import { loggedErrors } from './helpers/logged';

/**
 * Issue 12: a corpus of hostile requests over every API endpoint, generated from the router
 * itself so that an endpoint added later is attacked too. Whatever arrives, the answer is never a
 * 5xx, an error is always the JSON shape with a known code and a Spanish sentence (no English, no
 * stack, no path of ours), nothing unexpected is logged, and no file is left behind.
 */

interface Attempt {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData;
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Ids that try traversal, prototype keys, encodings and sizes. */
const HOSTILE_IDS = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '__proto__',
  'constructor',
  '%00',
  'A'.repeat(600),
  '%E2%80%AEgpj.exe',
  "1'%20OR%20'1'%3D'1",
];

const BIDI = 'Juan\u202Egnp.exe\u0007\u0000';
const FIELD_JUNK = {
  name: BIDI,
  nombre: '<script>alert(1)</script>',
  email: { $ne: null },
  password: ['x'],
  phone: '+57 300 000 0000'.repeat(200),
  message: 'x'.repeat(200_000),
  precio: '1e400',
  pricePerPerson: -1,
  numPeople: Number.POSITIVE_INFINITY, // JSON.stringify sends null
  start: '2026-02-30',
  end: '../../../etc/passwd',
  checkIn: '0000-00-00',
  checkOut: '9999-99-99',
  ids: [{}, null, '__proto__'],
  url: 'file:///etc/passwd',
  seasons: 'todas',
  status: 'confirmada\u202E',
  title: '\u0000\u0001\u0002',
  token: true,
  copPerUsd: 'NaN',
  socials: [{ name: 'x', url: 'javascript:alert(1)' }],
};

/** Bodies a JSON route should refuse cleanly. */
const JSON_BODIES: Array<[string, string]> = [
  ['malformed', '{"a":'],
  ['array', '[]'],
  ['null', 'null'],
  ['string', '"x"'],
  ['number', '1e999'],
  ['prototype keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ['every field wrong', JSON.stringify(FIELD_JUNK)],
  ['utf-16 bom', '\uFEFF{"a":1}'],
  ['lone surrogate', '{"name":"\\ud800"}'],
];

const QUERIES = [
  '?from=2026-13-45&to=x',
  '?from[]=a&from[]=b',
  '?checkIn=2026-01-10&checkOut=2025-01-01&numPeople=1e309',
  '?checkIn=__proto__&checkOut=constructor&numPeople=-5',
  '?numPeople=2&numPeople=3&checkIn=2026-12-01&checkOut=2026-12-05',
  '?' + 'q='.padEnd(6000, 'x'),
  '?from=2026-01-01&to=2099-01-01',
];

function multipart(): Array<[string, FormData]> {
  const svg = new FormData();
  svg.set('image', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }), '../../evil.svg');
  const text = new FormData();
  text.set('image', new Blob(['no soy una imagen'], { type: 'image/jpeg' }), 'foto.jpg');
  const empty = new FormData();
  empty.set('image', new Blob([], { type: 'image/jpeg' }), 'vacia.jpg');
  const wrongField = new FormData();
  wrongField.set('archivo', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'x.jpg');
  const twoFiles = new FormData();
  twoFiles.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'a.jpg');
  twoFiles.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'b.jpg');
  const truncatedJpeg = new FormData();
  truncatedJpeg.set('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' }));
  truncatedJpeg.set('title', BIDI);
  return [
    ['svg with script', svg],
    ['text as jpeg', text],
    ['empty file', empty],
    ['wrong field', wrongField],
    ['two files', twoFiles],
    ['truncated jpeg', truncatedJpeg],
  ];
}

/** English words and leaks that must never reach a visitor in an error. */
const ENGLISH =
  /\b(the|invalid|required|expected|received|must|cannot|failed|unexpected|undefined|not found|bad request|internal server error|too (big|small|long|short)|string|number|boolean|object|array)\b/i;
const LEAK = /\bat [\w.<>]+ \(|node_modules|\/work\/|\/tmp\/|\.ts:\d+|Error:/;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

describe('hostile corpus over every endpoint', () => {
  let s: TestServer;
  let token: string;
  let logged: unknown[] = [];
  let filesBefore: string[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    token = await s.loginToken();
    logged = loggedErrors(s);
    filesBefore = await listFiles(s.dataDir);
  });
  afterAll(() => s.close());

  function corpus(): Attempt[] {
    const routes = createApiRouter(s.running.deps)
      .stack.filter((layer) => layer.methods.length > 0)
      .flatMap((layer) =>
        layer.methods
          .filter((m) => m !== 'HEAD')
          .map((method) => ({ method, path: String(layer.path), guarded: layer.stack.some(isAdminGuard) })),
      );
    const attempts: Attempt[] = [];
    for (const r of routes) {
      const paths = r.path.includes(':') ? HOSTILE_IDS.map((id) => r.path.replace(/:[a-zA-Z]+/g, id)) : [r.path];
      // Admin routes are attacked with a valid session too: a signed-in owner's mistakes and a
      // stolen session's probes must get the same clean refusals.
      const auths: Array<[string, Record<string, string>]> = [
        ['anonymous', { origin: s.url }],
        ...(r.guarded ? [['admin', { authorization: `Bearer ${token}` }] as [string, Record<string, string>]] : []),
      ];
      for (const p of paths) {
        for (const [who, auth] of auths) {
          const url = p; // router paths carry the /api prefix
          const label = `${r.method} ${r.path} (${who}) ${p === r.path ? '' : p.slice(0, 40)}`;
          if (!WRITE.has(r.method) || r.method === 'DELETE') {
            attempts.push({ label, method: r.method, path: url, headers: auth });
            if (r.method === 'GET') {
              for (const q of QUERIES)
                attempts.push({ label: `${label} ${q.slice(0, 40)}`, method: 'GET', path: url + q, headers: auth });
            }
            continue;
          }
          if (r.path.endsWith('/upload')) {
            for (const [what, body] of multipart())
              attempts.push({ label: `${label} ${what}`, method: r.method, path: url, headers: auth, body });
          }
          for (const [what, body] of JSON_BODIES) {
            attempts.push({
              label: `${label} ${what}`,
              method: r.method,
              path: url,
              headers: { ...auth, 'content-type': 'application/json' },
              body,
            });
          }
          for (const type of [
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/xml',
          ]) {
            attempts.push({
              label: `${label} as ${type}`,
              method: r.method,
              path: url,
              headers: { ...auth, 'content-type': type },
              body: 'a=1&__proto__[admin]=1',
            });
          }
        }
      }
    }
    // Paths and methods next to the API: traversal, unknown routes, method tampering.
    for (const p of [
      '/media/..%2F..%2Fdb.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/api/..%2f..%2fpackage.json',
      '/api/nada',
      '/api/imagenes/%ZZ',
    ]) {
      attempts.push({ label: `GET ${p}`, method: 'GET', path: p });
    }
    attempts.push({
      label: 'override header',
      method: 'POST',
      path: '/api/imagenes',
      headers: { 'x-http-method-override': 'DELETE', 'content-type': 'application/json' },
      body: '{}',
    });
    return attempts;
  }

  it('answers at least 100 hostile requests with no 5xx, only Spanish errors, nothing logged and no leftover file', async () => {
    const attempts = corpus();
    expect(attempts.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const a of attempts) {
      let res: Response;
      try {
        res = await fetch(s.url + a.path, { method: a.method, headers: a.headers, body: a.body });
      } catch (err) {
        failures.push(`${a.label}: no answer (${String(err)})`);
        continue;
      }
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${a.label}: ${res.status} ${text.slice(0, 120)}`);
      if (res.status < 400 || a.path.startsWith('/media/')) continue;
      if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
        // Outside /api the site answers with its 404 page, which is Spanish HTML.
        if (!a.path.startsWith('/api/')) continue;
        failures.push(`${a.label}: ${res.status} is not JSON`);
        continue;
      }
      const parsed = ApiErrorBodySchema.safeParse(JSON.parse(text));
      if (!parsed.success) {
        failures.push(`${a.label}: ${res.status} body is not the error shape: ${text.slice(0, 120)}`);
        continue;
      }
      const messages = [parsed.data.error, ...Object.values(parsed.data.fields ?? {})];
      for (const m of messages) {
        if (ENGLISH.test(m) || LEAK.test(m)) failures.push(`${a.label}: ${res.status} says "${m}"`);
      }
      if (parsed.data.code === 'INTERNAL') failures.push(`${a.label}: code INTERNAL`);
    }
    // fetch() refuses to send TRACE; node:http sends it as a hostile client would. (CONNECT gets its
    // connection closed by node:http itself, which has no 'connect' listener here.)
    for (const method of ['TRACE', 'PROPFIND', 'BREW']) {
      const res = await raw(`${s.apiUrl}/imagenes`, method);
      if (res.status >= 500 || res.status < 400) failures.push(`${method} /api/imagenes: ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
    // The corpus reached the code behind each kind of guard rather than bouncing off one of them.
    for (const status of [400, 401, 404, 405, 415])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);

    // Nothing hostile got stored, and no upload left a part-file or folder behind.
    const res = await fetch(`${s.apiUrl}/imagenes/pendientes`, { headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toEqual([]);
    const filesAfter = await listFiles(s.dataDir);
    const added = filesAfter.filter((f) => !filesBefore.includes(f));
    expect(added.filter((f) => !/\.json$/.test(f) || f.includes('upload'))).toEqual([]);
    const uploads = s.running.deps.images.files.uploadsDir;
    const left = await fs.readdir(uploads).catch(() => [] as string[]);
    expect(left).toEqual([]);
  });
});
