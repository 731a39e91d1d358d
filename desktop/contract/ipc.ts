/**
 * The one contract between the renderer and the main process. `IPC` names each bridge function,
 * its channel and the zod schemas of its argument and result; `IPC_EVENTS` names each push from
 * main and its payload. Everything else is derived from these two tables: the preload's functions,
 * main's handler registration (sender check and argument validation), the `IpcHandlers` that main
 * must supply and the renderer's `DesktopBridge` type. Adding a channel is an entry here plus its
 * handler in electron/lib/ipc-handlers.ts.
 *
 * Both sides may import this folder; the renderer imports types only (`import type`), so these
 * schemas never reach its bundle.
 */
import { z } from 'zod';
import { LIMITS } from '@cabana/shared/config/limits';
import { EnquirySchema, EnquiryStatusSchema } from '@cabana/shared/schemas/enquiry';
import { ImageSchema, UpdateImageInputSchema } from '@cabana/shared/schemas/image';
import type { ErrorCode } from '@cabana/shared/schemas/errors';

// ---- shapes that cross the bridge ----

const ConnectionInfoSchema = z.object({
  serverUrl: z.string().nullable(),
  /** False when this computer cannot encrypt the token: the session lasts this run only. */
  canRememberSession: z.boolean(),
});
export type ConnectionInfo = z.infer<typeof ConnectionInfoSchema>;

const DesktopSessionSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type DesktopSession = z.infer<typeof DesktopSessionSchema>;

const QueueItemStateSchema = z.enum(['queued', 'preparing', 'uploading', 'done', 'failed', 'cancelled']);
export type QueueItemState = z.infer<typeof QueueItemStateSchema>;

const QueueItemSchema = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  /** Size of the file on disk. */
  size: z.number(),
  title: z.string(),
  state: QueueItemStateSchema,
  /** Bytes of the request body sent, and its total once known (0 before). */
  sentBytes: z.number(),
  totalBytes: z.number(),
  /** Spanish reason, when failed or cancelled. */
  error: z.string().optional(),
  thumbnail: z.string().optional(),
  imageId: z.string().optional(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

const SkippedFileSchema = z.object({ path: z.string(), name: z.string(), reason: z.string() });
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

const QueueSummarySchema = z.object({
  uploaded: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  skipped: z.number(),
  /** Image bytes sent, against the originals' bytes. */
  bytesSent: z.number(),
  bytesOriginal: z.number(),
  ms: z.number(),
});
export type QueueSummary = z.infer<typeof QueueSummarySchema>;

const QueueSnapshotSchema = z.object({
  items: z.array(QueueItemSchema),
  skipped: z.array(SkippedFileSchema),
  running: z.boolean(),
  /** The server refused the token mid-run: what is left waits for a new sign-in. */
  authLost: z.boolean(),
  overall: z.object({
    total: z.number(),
    done: z.number(),
    failed: z.number(),
    cancelled: z.number(),
    fraction: z.number(),
  }),
  /** The last finished run, or null while running / before any run. */
  summary: QueueSummarySchema.nullable(),
});
export type QueueSnapshot = z.infer<typeof QueueSnapshotSchema>;

/** A queue item's preview, sent once (snapshots pushed during a run leave thumbnails out). */
const UploadThumbnailSchema = z.object({ id: z.string(), dataUrl: z.string() });
export type UploadThumbnail = z.infer<typeof UploadThumbnailSchema>;

const ImageUploadProgressSchema = z.object({ uploadId: z.string(), fraction: z.number() });
export type ImageUploadProgress = z.infer<typeof ImageUploadProgressSchema>;

const AddedFilesSchema = z.object({ added: z.number(), skipped: z.number() });

// ---- the channels ----

/** The argument of a channel that takes none (the preload still sends exactly one, `undefined`). */
const none = z.undefined();
/** The result of a command that answers nothing. */
const nothing = z.void();
const id = z.string().min(1).max(200);

interface InvokeEntry {
  channel: string;
  args: z.ZodType;
  result: z.ZodType;
}

export const IPC = {
  getConnection: { channel: 'connection:get', args: none, result: ConnectionInfoSchema },
  setServer: {
    channel: 'connection:set-server',
    args: z.strictObject({ serverUrl: z.string().max(2_000) }),
    result: ConnectionInfoSchema,
  },
  getSession: { channel: 'session:get', args: none, result: DesktopSessionSchema.nullable() },
  login: {
    channel: 'session:login',
    args: z.strictObject({
      email: z.string().max(LIMITS.emailMax),
      password: z.string().max(LIMITS.passwordMax),
    }),
    result: DesktopSessionSchema,
  },
  logout: { channel: 'session:logout', args: none, result: z.object({ revoked: z.boolean() }) },
  getPrice: { channel: 'price:get', args: none, result: z.number() },
  setPrice: { channel: 'price:set', args: z.strictObject({ precio: z.number() }), result: z.number() },
  listImages: { channel: 'images:list', args: none, result: z.array(ImageSchema) },
  listPendingImages: { channel: 'images:list-pending', args: none, result: z.array(ImageSchema) },
  uploadImage: {
    channel: 'images:upload',
    args: z.strictObject({
      uploadId: id,
      fileName: z.string().max(500),
      // Bounded well above the upload limit so main never holds an absurd buffer; the service
      // answers a friendly 413 for anything over the limit itself.
      bytes: z
        .instanceof(Uint8Array)
        .refine((b) => b.byteLength > 0 && b.byteLength <= LIMITS.maxUploadBytes * 2, 'Tamaño de archivo no válido.'),
      title: z.string().max(LIMITS.titleMax * 2),
      description: z.string().max(LIMITS.descriptionMax * 2),
    }),
    result: ImageSchema,
  },
  cancelImageUpload: {
    channel: 'images:cancel-upload',
    args: z.strictObject({ uploadId: id }),
    result: nothing,
  },
  updateImage: {
    channel: 'images:update',
    args: z.strictObject({ id, input: UpdateImageInputSchema }),
    result: ImageSchema,
  },
  deleteImage: { channel: 'images:delete', args: z.strictObject({ id }), result: nothing },
  approveImage: { channel: 'images:approve', args: z.strictObject({ id }), result: ImageSchema },
  listEnquiries: { channel: 'enquiries:list', args: none, result: z.array(EnquirySchema) },
  setEnquiryStatus: {
    channel: 'enquiries:set-status',
    args: z.strictObject({ id, status: EnquiryStatusSchema }),
    result: EnquirySchema,
  },
  deleteEnquiry: { channel: 'enquiries:delete', args: z.strictObject({ id }), result: nothing },
  getUploads: { channel: 'uploads:get', args: none, result: QueueSnapshotSchema },
  addUploadPaths: {
    channel: 'uploads:add-files',
    args: z.strictObject({ paths: z.array(z.string().min(1).max(4_096)).min(1).max(5_000) }),
    result: AddedFilesSchema,
  },
  pickUploadFiles: {
    channel: 'uploads:pick-files',
    args: z.strictObject({ folders: z.boolean() }),
    result: AddedFilesSchema,
  },
  setUploadTitle: {
    channel: 'uploads:set-title',
    args: z.strictObject({ id, title: z.string().max(LIMITS.titleMax * 2) }),
    result: nothing,
  },
  startUploads: { channel: 'uploads:start', args: none, result: nothing },
  retryFailedUploads: { channel: 'uploads:retry-failed', args: none, result: nothing },
  cancelUploads: { channel: 'uploads:cancel', args: none, result: nothing },
  clearFinishedUploads: { channel: 'uploads:clear-finished', args: none, result: nothing },
} as const satisfies Record<string, InvokeEntry>;

/** Main → renderer pushes; the bridge gets one `on<Name>(listener)` per entry. */
export const IPC_EVENTS = {
  uploadsChanged: { channel: 'uploads:changed', payload: QueueSnapshotSchema },
  uploadThumbnail: { channel: 'uploads:thumbnail', payload: UploadThumbnailSchema },
  imageUploadProgress: { channel: 'images:upload-progress', payload: ImageUploadProgressSchema },
} as const satisfies Record<string, { channel: string; payload: z.ZodType }>;

// ---- what is derived ----

export type IpcName = keyof typeof IPC;
/** What the renderer passes (the schema's input). */
export type IpcArgs<K extends IpcName> = z.input<(typeof IPC)[K]['args']>;
export type IpcResult<K extends IpcName> = z.output<(typeof IPC)[K]['result']>;
export type IpcEventName = keyof typeof IPC_EVENTS;
export type IpcEventPayload<E extends IpcEventName> = z.output<(typeof IPC_EVENTS)[E]['payload']>;

/** Errors cross IPC as data: Electron would flatten a thrown error into an English string. */
export interface BridgeError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** What main supplies: one function per entry, given the argument its schema has already checked. */
export type IpcHandlers = {
  [K in IpcName]: (args: z.output<(typeof IPC)[K]['args']>) => IpcResult<K> | Promise<IpcResult<K>>;
};

type ListenerName<E extends string> = `on${Capitalize<E>}`;

/** The bridge function that subscribes to an event: `uploadsChanged` → `onUploadsChanged`. */
export function listenerName<E extends IpcEventName>(event: E): ListenerName<E> {
  return `on${event.charAt(0).toUpperCase()}${event.slice(1)}` as ListenerName<E>;
}

type InvokeFunction<K extends IpcName> = [IpcArgs<K>] extends [undefined]
  ? () => Promise<BridgeResult<IpcResult<K>>>
  : (args: IpcArgs<K>) => Promise<BridgeResult<IpcResult<K>>>;

/** What the preload exposes as `window.cabanaDesktop`. */
export type DesktopBridge = { [K in IpcName]: InvokeFunction<K> } & {
  [E in IpcEventName as ListenerName<E>]: (listener: (payload: IpcEventPayload<E>) => void) => () => void;
} & {
  /** Local path of a dropped file (Electron's webUtils); '' when unknown. Not IPC: the preload answers it. */
  getPathForFile(file: File): string;
};
