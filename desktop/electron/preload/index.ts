import { contextBridge, ipcRenderer, webUtils } from 'electron';
import {
  CHANNELS as C,
  EVENTS,
  type DesktopBridge,
  type ImageUploadProgress,
  type QueueSnapshot,
  type UploadThumbnail,
} from '../lib/bridge-contract';

// One named function per channel: the page can reach nothing else of ipcRenderer.
const invoke = (channel: string, arg?: unknown) => ipcRenderer.invoke(channel, arg);

function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  const wrapped = (_event: Electron.IpcRendererEvent, payload: T) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const bridge: DesktopBridge = {
  getConnection: () => invoke(C.connectionGet),
  setServer: (serverUrl) => invoke(C.connectionSetServer, { serverUrl }),
  getSession: () => invoke(C.sessionGet),
  login: (email, password) => invoke(C.sessionLogin, { email, password }),
  logout: () => invoke(C.sessionLogout),
  getPrice: () => invoke(C.priceGet),
  setPrice: (precio) => invoke(C.priceSet, { precio }),
  listImages: () => invoke(C.imagesList),
  listPendingImages: () => invoke(C.imagesListPending),
  uploadImage: (args) =>
    invoke(C.imagesUpload, {
      uploadId: args.uploadId,
      fileName: args.fileName,
      bytes: args.bytes,
      title: args.title,
      description: args.description,
    }),
  cancelImageUpload: (uploadId) => invoke(C.imagesCancelUpload, { uploadId }),
  updateImage: (id, input) => invoke(C.imagesUpdate, { id, input }),
  deleteImage: (id) => invoke(C.imagesDelete, { id }),
  approveImage: (id) => invoke(C.imagesApprove, { id }),
  listEnquiries: () => invoke(C.enquiriesList),
  setEnquiryStatus: (id, status) => invoke(C.enquiriesSetStatus, { id, status }),
  deleteEnquiry: (id) => invoke(C.enquiriesDelete, { id }),
  getUploads: () => invoke(C.uploadsGet),
  addUploadPaths: (paths) => invoke(C.uploadsAddFiles, { paths }),
  pickUploadFiles: (folders) => invoke(C.uploadsPickFiles, { folders }),
  setUploadTitle: (id, title) => invoke(C.uploadsSetTitle, { id, title }),
  startUploads: () => invoke(C.uploadsStart),
  retryFailedUploads: () => invoke(C.uploadsRetryFailed),
  cancelUploads: () => invoke(C.uploadsCancel),
  clearFinishedUploads: () => invoke(C.uploadsClearFinished),
  getPathForFile: (file) => {
    try {
      return webUtils.getPathForFile(file);
    } catch {
      return '';
    }
  },
  onUploadsChanged: (listener) => subscribe<QueueSnapshot>(EVENTS.uploadsChanged, listener),
  onImageUploadProgress: (listener) => subscribe<ImageUploadProgress>(EVENTS.imageUploadProgress, listener),
  onUploadThumbnail: (listener) => subscribe<UploadThumbnail>(EVENTS.uploadThumbnail, listener),
};

contextBridge.exposeInMainWorld('cabanaDesktop', bridge);
