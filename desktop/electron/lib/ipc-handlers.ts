import type { IpcHandlers } from '../../contract/ipc';
import type { DesktopService } from './desktop-service';

/**
 * What each contract entry (and the preload's own message) does: the service call behind it. Arguments arrive already checked
 * against the entry's schema (see main/ipc.ts, which registers these).
 */
export function createIpcHandlers(service: DesktopService): IpcHandlers {
  return {
    getConnection: () => service.getConnection(),
    setServer: (a) => service.setServer(a.serverUrl),
    getSession: () => service.getSession(),
    login: (a) => service.login(a.email, a.password),
    logout: () => service.logout(),
    getPrice: () => service.getPrice(),
    setPrice: (a) => service.setPrice(a.precio),
    getSettings: () => service.getSettings(),
    updateSettings: (a) => service.updateSettings(a.patch),
    listImages: () => service.listImages(),
    listPendingImages: () => service.listPendingImages(),
    uploadImage: (a) => service.uploadImage(a),
    cancelImageUpload: (a) => service.cancelImageUpload(a.uploadId),
    updateImage: (a) => service.updateImage(a.id, a.input),
    deleteImage: (a) => service.deleteImage(a.id),
    approveImage: (a) => service.approveImage(a.id),
    setImageOrder: (a) => service.setImageOrder(a.ids),
    listEnquiries: () => service.listEnquiries(),
    setEnquiryStatus: (a) => service.setEnquiryStatus(a.id, a.status),
    deleteEnquiry: (a) => service.deleteEnquiry(a.id),
    getCalendar: () => service.getCalendar(),
    addBlock: (a) => service.addBlock(a),
    deleteBlock: (a) => service.deleteBlock(a.id),
    addFeed: (a) => service.addFeed(a),
    deleteFeed: (a) => service.deleteFeed(a.id),
    syncFeed: (a) => service.syncFeed(a.id),
    getSeasons: () => service.getSeasons(),
    setSeasons: (a) => service.setSeasons(a),
    copyText: (a) => service.copyText(a.text),
    getUploads: () => service.getUploads(),
    addUploadPaths: (a) => service.addUploadPaths(a.paths),
    pickUploadFiles: (a) => service.pickUploadFiles(a.folders),
    setUploadTitle: (a) => service.setUploadTitle(a.id, a.title),
    startUploads: () => service.startUploads(),
    retryFailedUploads: () => service.retryFailedUploads(),
    cancelUploads: () => service.cancelUploads(),
    clearFinishedUploads: () => service.clearFinishedUploads(),
    droppedPath: (p) => service.grantDroppedPath(p),
  };
}
