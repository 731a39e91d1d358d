import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { invalidInput, tooLarge, unsupportedMedia } from '../domain-errors';

/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface MultipartOptions {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** The Spanish 413 for a file over it. */
  tooLarge: string;
  /** formidable's limit errors (its own codes), each with the reason a person can act on. */
  limitMessages: Readonly<Record<number, string>>;
  /** The Spanish 415 for a body that is not multipart. */
  notMultipart: string;
  maxFields: number;
  /** Where the private temp folder of one request goes. */
  tmpParent: () => string;
  /** Refusals that need no body (a full queue), checked before a byte of it is read. */
  beforeRead?: () => void;
}

/**
 * Multipart parsing of one file into a private temp folder that is removed whatever happens
 * (the photo upload, the guest's receipt). Every refusal before the body is read closes the
 * connection afterwards (http-guards.ts).
 */
export function multipartBody(opts: MultipartOptions): Middleware {
  return async (ctx, next) => {
    const declared = ctx.request.length;
    if (declared !== undefined && declared > opts.maxBytes + MULTIPART_OVERHEAD) throw tooLarge(opts.tooLarge);
    if (!ctx.is('multipart/form-data')) throw unsupportedMedia(opts.notMultipart);
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') throw unsupportedMedia('Envía el formulario sin comprimir.');
    opts.beforeRead?.();
    const dir = path.join(opts.tmpParent(), randomBytes(8).toString('hex'));
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: dir,
        keepExtensions: false,
        maxFiles: 1,
        maxFileSize: opts.maxBytes,
        maxTotalFileSize: opts.maxBytes,
        maxFields: opts.maxFields,
        maxFieldsSize: 16 * 1024,
        allowEmptyFiles: false,
        minFileSize: 1,
      },
    });
    try {
      await parse(ctx, next);
    } catch (err) {
      const e = err as { httpCode?: number; code?: number };
      if (e.httpCode === 413) throw tooLarge(opts.limitMessages[e.code ?? 0] ?? opts.tooLarge);
      if (typeof e.httpCode === 'number' && e.httpCode >= 400 && e.httpCode < 500) {
        throw invalidInput('No pudimos leer el formulario enviado.');
      }
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
}

/** The text fields of a parsed multipart body, each sent once (400 otherwise). */
export function multipartFields(ctx: Context): Record<string, string | undefined> {
  const raw = (ctx.request.body ?? {}) as Record<string, string | string[] | undefined>;
  const fields: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) throw invalidInput('Cada campo debe enviarse una sola vez.');
    fields[k] = v;
  }
  return fields;
}
