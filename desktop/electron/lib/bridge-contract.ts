/**
 * The contract between the renderer and the main process: channel names, argument schemas,
 * the result envelope and the shapes pushed by events. Pure (no Node, no Electron, no runtime imports), so the
 * renderer, the preload, main and the tests all import it.
 */
import type { Image, UpdateImageInput } from '@cabana/shared/schemas/image';
import type { Enquiry, EnquiryStatus } from '@cabana/shared/schemas/enquiry';
import type { ErrorCode } from '@cabana/shared/schemas/errors';

export const CHANNELS = {
  connectionGet: 'connection:get',
  connectionSetServer: 'connection:set-server',
  sessionGet: 'session:get',
  sessionLogin: 'session:login',
  sessionLogout: 'session:logout',
  priceGet: 'price:get',
  priceSet: 'price:set',
  imagesList: 'images:list',
  imagesListPending: 'images:list-pending',
  imagesUpload: 'images:upload',
  imagesCancelUpload: 'images:cancel-upload',
  imagesUpdate: 'images:update',
  imagesDelete: 'images:delete',
  imagesApprove: 'images:approve',
  enquiriesList: 'enquiries:list',
  enquiriesSetStatus: 'enquiries:set-status',
  enquiriesDelete: 'enquiries:delete',
  uploadsGet: 'uploads:get',
  uploadsAddFiles: 'uploads:add-files',
  uploadsPickFiles: 'uploads:pick-files',
  uploadsSetTitle: 'uploads:set-title',
  uploadsStart: 'uploads:start',
  uploadsRetryFailed: 'uploads:retry-failed',
  uploadsCancel: 'uploads:cancel',
  uploadsClearFinished: 'uploads:clear-finished',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** Main → renderer pushes. */
export const EVENTS = {
  uploadsChanged: 'uploads:changed',
  uploadThumbnail: 'uploads:thumbnail',
  imageUploadProgress: 'images:upload-progress',
} as const;

/** Errors cross IPC as data: Electron would flatten a thrown error into an English string. */
export interface BridgeError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

export interface ConnectionInfo {
  serverUrl: string | null;
  /** False when this computer cannot encrypt the token: the session lasts this run only. */
  canRememberSession: boolean;
}

export interface DesktopSession {
  email: string;
  expiresAt: string;
}

// ---- bulk-upload queue shapes (pushed on EVENTS.uploadsChanged) ----
export type QueueItemState = 'queued' | 'preparing' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface QueueItem {
  id: string;
  path: string;
  name: string;
  /** Size of the file on disk. */
  size: number;
  title: string;
  state: QueueItemState;
  /** Bytes of the request body sent, and its total once known (0 before). */
  sentBytes: number;
  totalBytes: number;
  /** Spanish reason, when failed or cancelled. */
  error?: string;
  thumbnail?: string;
  imageId?: string;
}

export interface SkippedFile {
  path: string;
  name: string;
  reason: string;
}

export interface QueueSummary {
  uploaded: number;
  failed: number;
  cancelled: number;
  skipped: number;
  /** Image bytes sent, against the originals' bytes. */
  bytesSent: number;
  bytesOriginal: number;
  ms: number;
}

export interface QueueSnapshot {
  items: QueueItem[];
  skipped: SkippedFile[];
  running: boolean;
  /** The server refused the token mid-run: what is left waits for a new sign-in. */
  authLost: boolean;
  overall: { total: number; done: number; failed: number; cancelled: number; fraction: number };
  /** The last finished run, or null while running / before any run. */
  summary: QueueSummary | null;
}

/** A queue item's preview, sent once (snapshots pushed during a run leave thumbnails out). */
export interface UploadThumbnail {
  id: string;
  dataUrl: string;
}

export interface ImageUploadProgress {
  uploadId: string;
  fraction: number;
}

/** What the preload exposes as `window.cabanaDesktop`: one named function per channel. */
export interface DesktopBridge {
  getConnection(): Promise<BridgeResult<ConnectionInfo>>;
  setServer(serverUrl: string): Promise<BridgeResult<ConnectionInfo>>;
  getSession(): Promise<BridgeResult<DesktopSession | null>>;
  login(email: string, password: string): Promise<BridgeResult<DesktopSession>>;
  logout(): Promise<BridgeResult<{ revoked: boolean }>>;
  getPrice(): Promise<BridgeResult<number>>;
  setPrice(precio: number): Promise<BridgeResult<number>>;
  listImages(): Promise<BridgeResult<Image[]>>;
  listPendingImages(): Promise<BridgeResult<Image[]>>;
  uploadImage(args: {
    uploadId: string;
    fileName: string;
    bytes: Uint8Array;
    title: string;
    description: string;
  }): Promise<BridgeResult<Image>>;
  cancelImageUpload(uploadId: string): Promise<BridgeResult<void>>;
  updateImage(id: string, input: UpdateImageInput): Promise<BridgeResult<Image>>;
  deleteImage(id: string): Promise<BridgeResult<void>>;
  approveImage(id: string): Promise<BridgeResult<Image>>;
  listEnquiries(): Promise<BridgeResult<Enquiry[]>>;
  setEnquiryStatus(id: string, status: EnquiryStatus): Promise<BridgeResult<Enquiry>>;
  deleteEnquiry(id: string): Promise<BridgeResult<void>>;
  getUploads(): Promise<BridgeResult<QueueSnapshot>>;
  addUploadPaths(paths: string[]): Promise<BridgeResult<{ added: number; skipped: number }>>;
  pickUploadFiles(folders: boolean): Promise<BridgeResult<{ added: number; skipped: number }>>;
  setUploadTitle(id: string, title: string): Promise<BridgeResult<void>>;
  startUploads(): Promise<BridgeResult<void>>;
  retryFailedUploads(): Promise<BridgeResult<void>>;
  cancelUploads(): Promise<BridgeResult<void>>;
  clearFinishedUploads(): Promise<BridgeResult<void>>;
  /** Local path of a dropped file (Electron's webUtils); '' when unknown. */
  getPathForFile(file: File): string;
  onUploadsChanged(listener: (snapshot: QueueSnapshot) => void): () => void;
  onImageUploadProgress(listener: (progress: ImageUploadProgress) => void): () => void;
  onUploadThumbnail(listener: (thumbnail: UploadThumbnail) => void): () => void;
}
