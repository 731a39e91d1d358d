import { request as httpRequest } from 'node:http';
import { FormTokenSchema } from '@cabana/shared/domain/schemas/enquiry';
import { readJson } from '../../../test-support/json';
import type { TestServer } from '../../../test-support/server';

/** A body is `unknown` until a schema reads it (test-support/json.ts). */
export type JsonResponse = Omit<Response, 'json'> & { json(): Promise<unknown> };

export interface UploadOptions {
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  filename?: string;
  type?: string;
  fieldName?: string;
}

/** Multipart upload the way a browser form sends it. */
export async function upload(
  s: Pick<TestServer, 'apiUrl'>,
  data: Uint8Array | string,
  opts: UploadOptions = {},
): Promise<JsonResponse> {
  const fd = new FormData();
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  fd.set(
    opts.fieldName ?? 'image',
    new Blob([bytes], { type: opts.type ?? 'image/jpeg' }),
    opts.filename ?? 'foto.jpg',
  );
  for (const [k, v] of Object.entries(opts.fields ?? { title: 'Foto de prueba' })) fd.set(k, v);
  return fetch(`${s.apiUrl}/imagenes/upload`, { method: 'POST', headers: opts.headers, body: fd });
}

export async function json(
  s: Pick<TestServer, 'apiUrl'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  return fetch(`${s.apiUrl}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A cookie-authenticated request from our own pages (browsers send Origin on writes). */
export const sameSite = (s: TestServer, cookie: string) => ({ cookie, origin: s.url, 'sec-fetch-site': 'same-origin' });

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent: not decompressed. */
  body: Buffer;
}

/**
 * A request through node:http: the exact bytes and headers on the wire (fetch decodes bodies,
 * hides HEAD's Content-Length and adds `Cache-Control: no-cache` to conditional requests).
 */
export function raw(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A fresh token for a public form, as the page fetches it before sending. */
export async function formToken(s: Pick<TestServer, 'apiUrl'>): Promise<string> {
  return (await readJson(await json(s, 'GET', '/consultas/token'), FormTokenSchema)).token;
}
