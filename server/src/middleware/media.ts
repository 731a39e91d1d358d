import type { Middleware } from 'koa';
import { MEDIA_PREFIX } from '@cabana/shared/api/http';
import type { ImageService } from '../images/image-service';
import { ACCESS_PARAM } from '../images/media-access';
import { sendFile, statFile } from './send-file';
import { notFound } from '../domain-errors';

/**
 * Published photos: browsers keep them a year without asking again (a URL's content never
 * changes), but shared caches (a CDN, a proxy) only 10 minutes, so a deleted photo stops being
 * served everywhere but in the browsers that already have it.
 */
const PUBLISHED_MEDIA_CACHE = 'public, max-age=31536000, s-maxage=600, immutable';
/** Pending photos are the admin's alone: never kept by anyone. */
const PENDING_MEDIA_CACHE = 'private, no-store';

/**
 * `/media/<id>/<width>.<ext>`: only names we could have generated ever reach the disk, and only
 * for images that have a record (deleting the record withdraws the files at once). A pending
 * photo needs the admin's signed link; without it, it does not exist.
 */
export function mediaFiles(images: ImageService): Middleware {
  const prefix = `${MEDIA_PREFIX}/`;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound('Imagen no encontrada.');
    const parts = ctx.path.slice(prefix.length).split('/');
    const [id, name] = parts;
    const file = parts.length === 2 && id && name ? images.files.resolve(id, name) : undefined;
    const record = file ? images.find(id!) : undefined;
    const allowed =
      record?.status === 'published' || (record && images.access.verify(record.id, ctx.query[ACCESS_PARAM]));
    const stat = file && allowed ? await statFile(file) : undefined;
    if (!file || !stat || !record) throw notFound('Imagen no encontrada.');
    const cacheControl = record.status === 'published' ? PUBLISHED_MEDIA_CACHE : PENDING_MEDIA_CACHE;
    await sendFile(ctx, file, stat, { cacheControl });
  };
}
