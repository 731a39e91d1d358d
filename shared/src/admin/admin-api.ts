import type { Image, UpdateImageInput } from '../schemas/image';
import type { Enquiry, EnquiryStatus } from '../schemas/enquiry';
import type { SessionInfo } from '../schemas/session';
import type { Settings, SettingsPatch } from '../schemas/settings';

/** A file chosen in the panel, with the caption typed for it. */
export interface UploadRequest {
  file: File;
  title: string;
  description: string;
}

/** Upload progress as a fraction from 0 to 1. */
export type ProgressListener = (fraction: number) => void;

/**
 * Everything the admin panel needs from its host. The website implements it over HTTP with the
 * session cookie; the desktop app implements it over its preload bridge (token kept in main).
 * Every method rejects with an ApiError (shared/api/errors) carrying a Spanish message;
 * status 401 means the session is gone and the panel goes back to sign-in.
 */
export interface AdminApi {
  /** Who is signed in, or null. */
  getSession(): Promise<SessionInfo | null>;
  login(email: string, password: string): Promise<SessionInfo>;
  logout(): Promise<void>;

  getPrice(): Promise<number>;
  setPrice(precio: number): Promise<number>;

  /** The business facts every page shows (GET /api/ajustes). */
  getSettings(): Promise<Settings>;
  /** Changes any of them; answers the whole object. A 400 carries a Spanish message per field. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;

  listImages(): Promise<Image[]>;
  listPendingImages(): Promise<Image[]>;
  uploadImage(req: UploadRequest, onProgress?: ProgressListener, signal?: AbortSignal): Promise<Image>;
  updateImage(id: string, input: UpdateImageInput): Promise<Image>;
  deleteImage(id: string): Promise<void>;
  approveImage(id: string): Promise<Image>;
  /** Sets the order of the published photos (every published id, once); the first is the cover. */
  setImageOrder(ids: string[]): Promise<Image[]>;

  listEnquiries(): Promise<Enquiry[]>;
  setEnquiryStatus(id: string, status: EnquiryStatus): Promise<Enquiry>;
  deleteEnquiry(id: string): Promise<void>;
}
