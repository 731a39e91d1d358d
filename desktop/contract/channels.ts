/**
 * The channel names of the IPC contract, with no schema and no import: this is all the preload
 * needs, so it stays a few kB (reading the names from ipc.ts would bundle zod and the shared
 * schemas into it). ipc.ts adds the schemas on top of these tables and checks at type level that
 * both have exactly the same keys.
 */

/** Bridge function → the channel it invokes. */
export const INVOKE_CHANNELS = {
  getConnection: 'connection:get',
  setServer: 'connection:set-server',
  getSession: 'session:get',
  login: 'session:login',
  logout: 'session:logout',
  getPrice: 'price:get',
  setPrice: 'price:set',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  listImages: 'images:list',
  listPendingImages: 'images:list-pending',
  uploadImage: 'images:upload',
  cancelImageUpload: 'images:cancel-upload',
  updateImage: 'images:update',
  deleteImage: 'images:delete',
  approveImage: 'images:approve',
  setImageOrder: 'images:set-order',
  listEnquiries: 'enquiries:list',
  setEnquiryStatus: 'enquiries:set-status',
  deleteEnquiry: 'enquiries:delete',
  getCalendar: 'calendar:get',
  addBlock: 'calendar:add-block',
  deleteBlock: 'calendar:delete-block',
  addFeed: 'calendar:add-feed',
  deleteFeed: 'calendar:delete-feed',
  syncFeed: 'calendar:sync-feed',
  getSeasons: 'seasons:get',
  setSeasons: 'seasons:set',
  copyText: 'clipboard:write-text',
  getUploads: 'uploads:get',
  addUploadPaths: 'uploads:add-files',
  pickUploadFiles: 'uploads:pick-files',
  setUploadTitle: 'uploads:set-title',
  startUploads: 'uploads:start',
  retryFailedUploads: 'uploads:retry-failed',
  cancelUploads: 'uploads:cancel',
  clearFinishedUploads: 'uploads:clear-finished',
} as const;

/** Main → renderer push → its channel; the bridge gets one `on<Name>(listener)` per entry. */
export const EVENT_CHANNELS = {
  uploadsChanged: 'uploads:changed',
  uploadThumbnail: 'uploads:thumbnail',
  imageUploadProgress: 'images:upload-progress',
} as const;

/**
 * Messages the preload sends on its own, never as a page function: when the page asks for a
 * dropped file's path, the preload tells main that this path came from a drop, so that
 * `uploads:add-files` accepts it (and nothing the page merely names).
 */
export const SEND_CHANNELS = {
  droppedPath: 'uploads:dropped-path',
} as const;

export type InvokeName = keyof typeof INVOKE_CHANNELS;
export type EventName = keyof typeof EVENT_CHANNELS;
export type SendName = keyof typeof SEND_CHANNELS;

export type ListenerName<E extends string> = `on${Capitalize<E>}`;

/** The bridge function that subscribes to an event: `uploadsChanged` → `onUploadsChanged`. */
export function listenerName<E extends EventName>(event: E): ListenerName<E> {
  return `on${event.charAt(0).toUpperCase()}${event.slice(1)}` as ListenerName<E>;
}
