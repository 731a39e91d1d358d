import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { createApiClient } from '@cabana/shared/api/client';
import { API } from '@cabana/shared/api/contract';
import { API_PATHS } from '@cabana/shared/api/paths';
import { ApiError, errorFromResponse, networkError } from '@cabana/shared/api/errors';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import type { SessionInfo } from '@cabana/shared/domain/schemas/session';
import { BUSINESS } from '@cabana/shared/domain/config/business';

export interface UploadFile {
  data: Uint8Array;
  fileName: string;
  type: string;
}

export interface UploadFields {
  title: string;
  description?: string;
  tags?: string;
}

export interface UploadOptions {
  /** Bytes of the request body written so far, and the body's total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Give up when no byte moves for this long (a dead rural link), in ms. */
  idleTimeoutMs?: number;
}

export const UPLOAD_CANCELLED_MESSAGE = 'Subida cancelada.';
export const UPLOAD_STALLED_MESSAGE = 'La conexión se detuvo durante la subida. Revisa tu conexión y reintenta.';

const UPLOAD_NOT_ADMIN_MESSAGE =
  'El servidor no reconoció tu sesión y dejó la foto pendiente de aprobación. Inicia sesión de nuevo.';

const CHUNK = 64 * 1024;

function quoteHeader(value: string): string {
  // Multipart header values are quoted strings: keep them on one line and escape quotes.
  return value.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`);
}

/**
 * Multipart POST with byte progress, abort and an idle timeout. Node's fetch reports no upload
 * progress, so the body goes out through http(s).request in chunks, waiting for drain.
 */
export function uploadMultipart(
  url: string,
  token: string | null | undefined,
  file: UploadFile,
  fields: Record<string, string>,
  opts: UploadOptions = {},
): Promise<unknown> {
  const boundary = `----cabana${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${quoteHeader(file.fileName)}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
      'utf8',
    ),
  );
  const head = Buffer.concat(parts);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  const total = head.length + data.length + tail.length;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;

  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ApiError(0, { error: UPLOAD_CANCELLED_MESSAGE, code: 'CANCELLED' }));
      return;
    }
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const headers: Record<string, string | number> = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': total,
      accept: 'application/json',
    };
    if (token) headers.authorization = `Bearer ${token}`;

    let settled = false;
    let idleTimer: NodeJS.Timeout | undefined;
    const finish = (err: Error | null, value?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(value);
    };
    const req = transport.request(target, { method: 'POST', headers });
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        finish(new ApiError(0, { error: UPLOAD_STALLED_MESSAGE, code: 'NETWORK' }));
        req.destroy();
      }, idleTimeoutMs);
    };
    function onAbort() {
      finish(new ApiError(0, { error: UPLOAD_CANCELLED_MESSAGE, code: 'CANCELLED' }));
      req.destroy();
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    req.on('error', () => finish(networkError()));
    req.on('response', (res) => {
      armIdle();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        armIdle();
        chunks.push(c);
      });
      res.on('error', () => finish(networkError()));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          try {
            finish(null, JSON.parse(body.toString('utf8')));
          } catch {
            finish(networkError());
          }
          return;
        }
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        errorFromResponse(new Response(body.length ? body : null, { status, headers: h })).then(
          (e) => finish(e),
          () => finish(networkError()),
        );
      });
    });

    // Write the body in chunks, respecting backpressure, reporting what left our buffers.
    let sent = 0;
    const pieces: Buffer[] = [head];
    for (let i = 0; i < data.length; i += CHUNK) pieces.push(data.subarray(i, i + CHUNK));
    pieces.push(tail);
    let index = 0;
    const pump = () => {
      while (index < pieces.length && !settled) {
        const piece = pieces[index++]!;
        const more = req.write(piece);
        sent += piece.length;
        armIdle();
        opts.onProgress?.(sent, total);
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      if (index >= pieces.length && !settled) req.end();
    };
    armIdle();
    pump();
  });
}

/**
 * The API as the desktop main process uses it: the typed client of the whole contract (one
 * function per row) with the bearer token, plus the multipart upload with progress and the
 * bearer login.
 */
export function createDesktopApiClient(opts: {
  apiUrl: string;
  getToken: () => string | null | undefined;
  fetch?: typeof fetch;
}) {
  const client = createApiClient(API, { baseUrl: opts.apiUrl, getToken: opts.getToken, fetch: opts.fetch });
  return {
    ...client,
    /**
     * Signs in asking for a bearer token (the desktop keeps no cookie). `device`: the proof the
     * server gave at an earlier sign-in, which spares this one the slowdown strangers cause.
     */
    async loginForToken(email: string, password: string, device?: string): Promise<SessionInfo & { token: string }> {
      const session = await client.login({ email, password, token: true, ...(device ? { device } : {}) });
      if (!session.token) {
        throw new ApiError(502, {
          error: 'El servidor no entregó un token de acceso. Actualiza el servidor.',
          code: 'INTERNAL',
        });
      }
      return { ...session, token: session.token };
    },
    async uploadImage(file: UploadFile, fields: UploadFields, uploadOpts: UploadOptions = {}): Promise<Image> {
      const body = await uploadMultipart(
        client.baseUrl + API_PATHS.uploadImage,
        opts.getToken(),
        file,
        {
          title: fields.title,
          description: fields.description ?? '',
          tags: fields.tags ?? BUSINESS.uploadTags,
        },
        uploadOpts,
      );
      const parsed = ImageSchema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(502, { error: 'El servidor respondió algo inesperado a la subida.', code: 'INTERNAL' });
      }
      // The upload route is also the public one. The server answers 401 to a token it no longer
      // knows; should a photo ever come back pending all the same, never report it as published.
      if (parsed.data.status !== 'published') {
        throw new ApiError(401, { error: UPLOAD_NOT_ADMIN_MESSAGE, code: 'UNAUTHENTICATED' });
      }
      return parsed.data;
    },
  };
}
export type DesktopApiClient = ReturnType<typeof createDesktopApiClient>;
