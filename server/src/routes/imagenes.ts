import type { Middleware } from 'koa';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { UploadImageFieldsSchema } from '@cabana/shared/domain/schemas/image';
import type { AppDeps } from '../deps';
import type { OrderProblem } from '../images/image-service';
import { bearerToken } from '../middleware/auth';
import { invalidInput, notFound, unauthenticated, unavailable } from '../domain-errors';
import { multipartBody, multipartFields } from '../middleware/multipart';
import { validate } from '../lib/validate';
import { IMAGES_BUSY } from '../images/queue';
import { clientKey, networkKey } from '../auth/client-key';
import type { ApiHandlers } from './handlers';

const NOT_FOUND = 'No encontramos esa imagen.';
const ORDER_PROBLEMS: Record<OrderProblem, string> = {
  duplicate: 'Cada foto debe aparecer una sola vez en el orden.',
  unknown: 'El orden incluye una foto que no está publicada. Recarga la lista e inténtalo de nuevo.',
  missing: 'El orden debe incluir todas las fotos publicadas. Recarga la lista e inténtalo de nuevo.',
};
const MB = Math.round(LIMITS.maxUploadBytes / (1024 * 1024));
const UPLOAD_TOO_LARGE = `La imagen supera el tamaño máximo de ${MB} MB.`;
/** formidable's limit errors (its own codes), each with the reason a person can act on. */
const LIMIT_MESSAGES: Record<number, string> = {
  1006: 'Los textos del formulario (título, descripción, etiquetas) son demasiado largos.',
  1007: 'El formulario trae demasiados campos.',
  1009: UPLOAD_TOO_LARGE,
  1015: 'Sube una sola imagen por envío.',
  1016: UPLOAD_TOO_LARGE,
};
/**
 * Decides who is uploading before a single body byte is read: the admin publishes; anyone else
 * sends a pending photo and is rate limited first, so a flood never reaches the disk.
 */
function uploadAuth({ limiters, images }: AppDeps): Middleware {
  return async (ctx, next) => {
    // A client that sends a bearer token means to act as the admin: a revoked or expired token
    // must not quietly turn its upload into an anonymous pending photo.
    if (!ctx.state.auth && bearerToken(ctx) !== undefined) {
      throw unauthenticated('Tu sesión terminó. Inicia sesión de nuevo.');
    }
    if (!ctx.state.auth) {
      // No room for another photo waiting for approval: say so before the visitor's budget is spent.
      images.checkPendingRoom();
      limiters.uploadClient.consume(clientKey(ctx.ip));
      // Everyone's budget is spent only by a photo that turns out to be one (see below).
      limiters.uploadGlobal.check(networkKey(ctx.ip));
    }
    await next();
  };
}

/** The photo upload's multipart parsing: one image, a few text fields, refused early when the queue is full. */
const photoMultipart = ({ images }: AppDeps): Middleware =>
  multipartBody({
    maxBytes: LIMITS.maxUploadBytes,
    tooLarge: UPLOAD_TOO_LARGE,
    limitMessages: LIMIT_MESSAGES,
    notMultipart: 'Envía la imagen en un formulario multipart (campo "image").',
    maxFields: 8,
    tmpParent: () => images.files.uploadsDir,
    // A full queue would refuse the photo anyway: say so before the client sends 25 MB for nothing.
    beforeRead: () => {
      if (images.queue.full) throw unavailable(IMAGES_BUSY);
    },
  });

/** Photos: the published gallery (public), uploads (anyone; the owner's are published at once), moderation and order. */
export function imageRoutes(
  deps: AppDeps,
): Pick<
  ApiHandlers,
  'listImages' | 'uploadImage' | 'listPendingImages' | 'setImageOrder' | 'updateImage' | 'deleteImage' | 'approveImage'
> {
  const { images } = deps;
  return {
    // The owner also sees who sent each photo: that list never comes from the visitors' cache.
    listImages: {
      cacheForVisitors: true,
      handle: (_input, ctx) => images.list('published', ctx.state.auth ? 'admin' : 'public'),
    },
    listPendingImages: () => images.list('pending', 'admin'),
    async setImageOrder({ ids }) {
      const result = await images.reorder(ids);
      if (!result.ok) throw invalidInput(ORDER_PROBLEMS[result.reason], { ids: ORDER_PROBLEMS[result.reason] });
      return result.images;
    },
    uploadImage: {
      before: [uploadAuth(deps), photoMultipart(deps)],
      async handle(_input, ctx) {
        const files = ctx.request.files ?? {};
        const names = Object.keys(files);
        const file = files.image;
        if (!file || names.some((n) => n !== 'image')) {
          throw invalidInput('Adjunta una imagen en el campo "image".', { image: 'Adjunta una imagen.' });
        }
        if (Array.isArray(file)) throw invalidInput('Sube una sola imagen por envío.');
        const fieldsIn = multipartFields(ctx);
        const isAdmin = Boolean(ctx.state.auth);
        const fields = validate(UploadImageFieldsSchema, fieldsIn);
        // Reserved before the work and given back if the file is not an accepted photo after all.
        if (!isAdmin) deps.limiters.uploadGlobal.consume(networkKey(ctx.ip));
        try {
          return await images.create(file.filepath, fields, isAdmin ? 'published' : 'pending');
        } catch (err) {
          if (!isAdmin) deps.limiters.uploadGlobal.refund(networkKey(ctx.ip));
          throw err;
        }
      },
    },
    async updateImage({ id, ...input }) {
      const updated = await images.update(id, input);
      if (!updated) throw notFound(NOT_FOUND);
      return updated;
    },
    async deleteImage({ id }) {
      if (!(await images.remove(id))) throw notFound(NOT_FOUND);
    },
    async approveImage({ id }) {
      const approved = await images.approve(id);
      if (!approved) throw notFound(NOT_FOUND);
      return approved;
    },
  };
}
