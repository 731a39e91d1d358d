import type { Middleware } from 'koa';
import { MEDIA_PREFIX } from '@cabana/shared/api/paths';
import type { ImageFiles } from '../images/storage';
import { sendFile, statFile } from './send-file';
import { notFound } from '../domain-errors';

/** `/media/<id>/<width>.<ext>`: only names we could have generated ever reach the disk. */
export function mediaFiles(files: ImageFiles): Middleware {
  const prefix = `${MEDIA_PREFIX}/`;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound('Imagen no encontrada.');
    const parts = ctx.path.slice(prefix.length).split('/');
    const [id, name] = parts;
    const file = parts.length === 2 && id && name ? files.resolve(id, name) : undefined;
    const stat = file ? await statFile(file) : undefined;
    if (!file || !stat) throw notFound('Imagen no encontrada.');
    await sendFile(ctx, file, stat, { cacheControl: 'public, max-age=31536000, immutable' });
  };
}
