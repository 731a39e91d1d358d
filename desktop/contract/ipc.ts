/**
 * The one contract between the renderer and the main process. `IPC` names each bridge function,
 * its channel and the zod schemas of its argument and result; `IPC_EVENTS` names each push from
 * main and its payload; `IPC_SENDS` the preload's own messages. The channel names live in
 * channels.ts (all the preload imports, so it carries no zod); the schemas are added here, under
 * the same keys. Everything else is derived from these tables: the preload's functions, main's
 * handler registration (sender check and argument validation), the `IpcHandlers` that main must
 * supply and the renderer's `DesktopBridge` type. Adding a channel is its name in channels.ts, its
 * schemas here and its handler in electron/lib/ipc-handlers.ts.
 *
 * The API itself is not mirrored here: the panel reaches every panel row of the HTTP contract
 * (shared/api/contract) through the one `apiCall` channel, so a new owner action needs no channel.
 * The channels below are what only the desktop does: the server address, the session (its token
 * stays in main), the panel's upload with progress, the clipboard and the bulk-upload queue.
 *
 * Main may import this module; the renderer imports types only (`import type`), so these schemas
 * never reach its bundle.
 */
import { z } from 'zod';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  SEND_CHANNELS,
  listenerName,
  type EventName,
  type ListenerName,
  type InvokeName,
  type SendName,
} from './channels';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { ImageSchema } from '@cabana/shared/domain/schemas/image';
import type { ErrorCode } from '@cabana/shared/domain/schemas/errors';
import { PANEL_ROUTE_NAMES, type Api, type PanelRouteName } from '@cabana/shared/api/contract';
import type { RouteInput, RouteResult } from '@cabana/shared/api/route';

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

/** A file on this computer: where it is and the name shown for it. */
const LocalFileSchema = z.object({ path: z.string(), name: z.string() });

const QueueItemSchema = LocalFileSchema.extend({
  id: z.string(),
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

const SkippedFileSchema = LocalFileSchema.extend({ reason: z.string() });
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
const localPath = z.string().min(1).max(4_096);
/**
 * Bound of a panel call's input, as JSON: twice the server's body limit (32 kB), so whatever the
 * server could take passes on (and gets the server's own answer) while an absurd one stops here.
 */
const API_INPUT_MAX_CHARS = 64 * 1024;

/** True when the input crosses to the server as JSON within the bound (no cycles, no BigInt). */
function sendableAsJson(input: unknown): boolean {
  if (input === undefined) return true;
  try {
    return JSON.stringify(input).length <= API_INPUT_MAX_CHARS;
  } catch {
    return false;
  }
}

interface InvokeSchemas {
  args: z.ZodType;
  result: z.ZodType;
}

/**
 * Pairs a table of channel names with a table of schemas under exactly the same keys: a name
 * without schemas, or schemas without a name, does not compile (and throws, should a cast hide it).
 */
export function attachChannels<
  C extends Record<string, string>,
  S extends { [K in keyof C]: object } & Record<Exclude<keyof S, keyof C>, never>,
>(channels: C, schemas: S): { [K in keyof C]: { channel: C[K] } & S[K] } {
  const names = Object.keys(channels);
  const extra = Object.keys(schemas).filter((k) => !names.includes(k));
  const missing = names.filter((k) => !(k in schemas));
  if (extra.length || missing.length) throw new Error(`IPC tables differ: ${[...extra, ...missing].join(', ')}`);
  return Object.fromEntries(
    names.map((name) => [name, { channel: channels[name], ...(schemas as Record<string, object>)[name] }]),
  ) as { [K in keyof C]: { channel: C[K] } & S[K] };
}

const IPC_SCHEMAS = {
  // Any panel row of the HTTP contract, by name, with its flat input (path parameters and body or
  // query fields). Only its shape is checked here: main checks the input against the row itself,
  // answering the server's own 404 or 400 (electron/lib/desktop-service.ts, callApi), and the
  // client checks the server's answer against the row's output.
  apiCall: {
    args: z.strictObject({
      name: z.enum(PANEL_ROUTE_NAMES),
      input: z.record(z.string(), z.unknown()).optional().refine(sendableAsJson),
    }),
    result: z.unknown(),
  },
  getConnection: { args: none, result: ConnectionInfoSchema },
  setServer: { args: z.strictObject({ serverUrl: z.string().max(2_000) }), result: ConnectionInfoSchema },
  getSession: { args: none, result: DesktopSessionSchema.nullable() },
  login: {
    args: z.strictObject({
      email: z.string().max(LIMITS.emailMax),
      password: z.string().max(LIMITS.passwordMax),
    }),
    result: DesktopSessionSchema,
  },
  logout: { args: none, result: z.object({ revoked: z.boolean() }) },
  uploadImage: {
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
  cancelImageUpload: { args: z.strictObject({ uploadId: id }), result: nothing },
  // Only web addresses (the export URLs): a compromised page cannot fill the clipboard with anything else.
  copyText: { args: z.strictObject({ text: z.url({ protocol: /^https?$/ }).max(2_000) }), result: nothing },
  getUploads: { args: none, result: QueueSnapshotSchema },
  // Only paths main has seen come from a drop or a picker are accepted (see SEND_CHANNELS).
  addUploadPaths: { args: z.strictObject({ paths: z.array(localPath).min(1).max(5_000) }), result: AddedFilesSchema },
  pickUploadFiles: { args: z.strictObject({ folders: z.boolean() }), result: AddedFilesSchema },
  setUploadTitle: { args: z.strictObject({ id, title: z.string().max(LIMITS.titleMax * 2) }), result: nothing },
  startUploads: { args: none, result: nothing },
  retryFailedUploads: { args: none, result: nothing },
  cancelUploads: { args: none, result: nothing },
  clearFinishedUploads: { args: none, result: nothing },
} as const satisfies Record<InvokeName, InvokeSchemas>;

/** Bridge function → its channel and the schemas of its argument and result. */
export const IPC = attachChannels(INVOKE_CHANNELS, IPC_SCHEMAS);

/** Main → renderer pushes and their payloads. */
export const IPC_EVENTS = attachChannels(EVENT_CHANNELS, {
  uploadsChanged: { payload: QueueSnapshotSchema },
  uploadThumbnail: { payload: UploadThumbnailSchema },
  imageUploadProgress: { payload: ImageUploadProgressSchema },
} as const satisfies Record<EventName, { payload: z.ZodType }>);

/** Preload → main messages (no answer), and their argument. */
export const IPC_SENDS = attachChannels(SEND_CHANNELS, {
  droppedPath: { args: localPath },
} as const satisfies Record<SendName, { args: z.ZodType }>);

// ---- what is derived ----

export type IpcName = keyof typeof IPC;
/** What the renderer passes (the schema's input). */
export type IpcArgs<K extends IpcName> = z.input<(typeof IPC)[K]['args']>;
export type IpcResult<K extends IpcName> = z.output<(typeof IPC)[K]['result']>;
export type IpcEventName = keyof typeof IPC_EVENTS;
export type IpcEventPayload<E extends IpcEventName> = z.output<(typeof IPC_EVENTS)[E]['payload']>;
export type IpcSendName = keyof typeof IPC_SENDS;

/** Errors cross IPC as data: Electron would flatten a thrown error into an English string. */
export interface BridgeError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/**
 * What main supplies: one function per invoke entry and per preload message, given the argument
 * its schema has already checked.
 */
export type IpcHandlers = {
  [K in IpcName]: (args: z.output<(typeof IPC)[K]['args']>) => IpcResult<K> | Promise<IpcResult<K>>;
} & {
  [K in IpcSendName]: (args: z.output<(typeof IPC_SENDS)[K]['args']>) => void;
};

export { listenerName };

type InvokeFunction<K extends IpcName> = [IpcArgs<K>] extends [undefined]
  ? () => Promise<BridgeResult<IpcResult<K>>>
  : (args: IpcArgs<K>) => Promise<BridgeResult<IpcResult<K>>>;

/** What the renderer passes to call a panel row: its name, and its input when the row takes one. */
export type ApiCallArgs<K extends PanelRouteName> = { name: K } & (Record<never, never> extends RouteInput<Api[K]>
  ? { input?: RouteInput<Api[K]> }
  : { input: RouteInput<Api[K]> });

/** `apiCall` is generic: the renderer gets each row's own input and answer types. */
export type ApiCallFunction = <K extends PanelRouteName>(
  args: ApiCallArgs<K>,
) => Promise<BridgeResult<RouteResult<Api[K]>>>;

/** What the preload exposes as `window.cabanaDesktop`. */
export type DesktopBridge = { [K in Exclude<IpcName, 'apiCall'>]: InvokeFunction<K> } & {
  apiCall: ApiCallFunction;
} & {
  [E in IpcEventName as ListenerName<E>]: (listener: (payload: IpcEventPayload<E>) => void) => () => void;
} & {
  /**
   * Local path of a dropped file (Electron's webUtils); '' when unknown. The preload answers it and
   * tells main the path came from a drop: `addUploadPaths` accepts no other.
   */
  getPathForFile(file: File): string;
};
