/**
 * The channel names of the IPC contract, with no schema and no import: this is all the preload
 * needs, so it stays a few kB (reading the names from ipc.ts would bundle zod and the shared
 * schemas into it). ipc.ts adds the schemas on top of these tables and checks at type level that
 * both have exactly the same keys.
 */

/**
 * Bridge function → the channel it invokes. The owner panel's calls to the API all go through
 * `apiCall` (the contract row's name and its input); the others are what only the desktop does.
 */
export const INVOKE_CHANNELS = {
  apiCall: 'api:call',
  getConnection: 'connection:get',
  setServer: 'connection:set-server',
  getSession: 'session:get',
  login: 'session:login',
  logout: 'session:logout',
  uploadImage: 'images:upload',
  cancelImageUpload: 'images:cancel-upload',
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
