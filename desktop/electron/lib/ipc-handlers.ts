import { z } from 'zod';
import { ApiError } from '@cabana/shared/api/errors';
import { CHANNELS, type BridgeError, type BridgeResult, type Channel } from './bridge-contract';
import { ARG_SCHEMAS } from './ipc-schemas';
import type { DesktopService } from './desktop-service';

type Handler = (raw: unknown) => Promise<BridgeResult<unknown>>;

export const INVALID_ARGS = 'La aplicación envió datos no válidos.';

function toBridgeError(err: unknown): BridgeError {
  if (err instanceof ApiError) {
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      ...(Object.keys(err.fields).length ? { fields: err.fields } : {}),
    };
  }
  // Unexpected: keep the details in main's log, give the renderer a plain Spanish sentence.
  console.error('[desktop] unexpected error', err);
  return { status: 500, code: 'INTERNAL', message: 'Ocurrió un error inesperado en la aplicación.' };
}

function handler<C extends Channel>(
  channel: C,
  run: (args: z.output<(typeof ARG_SCHEMAS)[C]>) => unknown,
): [C, Handler] {
  const schema = ARG_SCHEMAS[channel] as z.ZodType;
  return [
    channel,
    async (raw) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { ok: false, error: { status: 400, code: 'VALIDATION', message: INVALID_ARGS } };
      }
      try {
        const value = await run(parsed.data as z.output<(typeof ARG_SCHEMAS)[C]>);
        return { ok: true, value: value === undefined ? undefined : value };
      } catch (err) {
        return { ok: false, error: toBridgeError(err) };
      }
    },
  ];
}

/**
 * One handler per channel: validates the argument with the channel's schema, calls the service
 * and wraps the answer in a result envelope. Main registers these behind its sender check; the
 * renderer tests call them through a Chromium binding.
 */
export function createIpcHandlers(service: DesktopService): Map<Channel, Handler> {
  const C = CHANNELS;
  return new Map<Channel, Handler>([
    handler(C.connectionGet, () => service.getConnection()),
    handler(C.connectionSetServer, (a) => service.setServer(a.serverUrl)),
    handler(C.sessionGet, () => service.getSession()),
    handler(C.sessionLogin, (a) => service.login(a.email, a.password)),
    handler(C.sessionLogout, () => service.logout()),
    handler(C.priceGet, () => service.getPrice()),
    handler(C.priceSet, (a) => service.setPrice(a.precio)),
    handler(C.imagesList, () => service.listImages()),
    handler(C.imagesListPending, () => service.listPendingImages()),
    handler(C.imagesUpload, (a) => service.uploadImage(a)),
    handler(C.imagesCancelUpload, (a) => service.cancelImageUpload(a.uploadId)),
    handler(C.imagesUpdate, (a) => service.updateImage(a.id, a.input)),
    handler(C.imagesDelete, (a) => service.deleteImage(a.id)),
    handler(C.imagesApprove, (a) => service.approveImage(a.id)),
    handler(C.enquiriesList, () => service.listEnquiries()),
    handler(C.enquiriesSetStatus, (a) => service.setEnquiryStatus(a.id, a.status)),
    handler(C.enquiriesDelete, (a) => service.deleteEnquiry(a.id)),
    handler(C.uploadsGet, () => service.getUploads()),
    handler(C.uploadsAddFiles, (a) => service.addUploadPaths(a.paths)),
    handler(C.uploadsPickFiles, (a) => service.pickUploadFiles(a.folders)),
    handler(C.uploadsSetTitle, (a) => service.setUploadTitle(a.id, a.title)),
    handler(C.uploadsStart, () => service.startUploads()),
    handler(C.uploadsRetryFailed, () => service.retryFailedUploads()),
    handler(C.uploadsCancel, () => service.cancelUploads()),
    handler(C.uploadsClearFinished, () => service.clearFinishedUploads()),
  ]);
}
