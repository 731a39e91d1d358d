import type { IpcHandlers } from '../../contract/ipc';
import type { DesktopService } from './desktop-service';

/**
 * What each contract entry (and the preload's own message) does: the service call behind it.
 * Arguments arrive already checked against the entry's schema (see main/ipc.ts, which registers
 * these); a panel call's input is then checked against its HTTP contract row by the service.
 */
export function createIpcHandlers(service: DesktopService): IpcHandlers {
  return {
    apiCall: (a) => service.callApi(a.name, a.input),
    getConnection: () => service.getConnection(),
    setServer: (a) => service.setServer(a.serverUrl),
    getSession: () => service.getSession(),
    login: (a) => service.login(a.email, a.password),
    logout: () => service.logout(),
    uploadImage: (a) => service.uploadImage(a),
    cancelImageUpload: (a) => service.cancelImageUpload(a.uploadId),
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
