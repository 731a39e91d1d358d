import type { Image, UpdateImageInput } from '../schemas/image';
import type { Enquiry, EnquiryStatus } from '../schemas/enquiry';
import type { SessionInfo } from '../schemas/session';
import type { Calendar, CalendarEntry, Feed } from '../schemas/calendar';
import type { Seasons } from '../schemas/season';

/** A manual block as the owner types it (the server validates and answers in Spanish). */
export interface BlockRequest {
  start: string;
  end: string;
  note: string;
}

/** A calendar feed of another channel. */
export interface FeedRequest {
  name: string;
  url: string;
}

/** One season as edited in the panel; `id` keeps an existing season's id. */
export interface SeasonRequest {
  id?: string;
  name: string;
  start: string;
  end: string;
  pricePerPerson: number;
  minNights: number;
}

/** Replaces every season (and the base minimum stay). */
export interface SeasonsRequest {
  seasons: SeasonRequest[];
  baseMinNights: number;
}
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

  getCalendar(): Promise<Calendar>;
  addBlock(input: BlockRequest): Promise<CalendarEntry>;
  deleteBlock(id: string): Promise<void>;
  addFeed(input: FeedRequest): Promise<Feed>;
  deleteFeed(id: string): Promise<void>;
  /** Fetches the feed now; rejects with the server's Spanish reason when it could not be read. */
  syncFeed(id: string): Promise<Feed>;
  getSeasons(): Promise<Seasons>;
  setSeasons(input: SeasonsRequest): Promise<Seasons>;

  /**
   * Puts text (an export URL) on the system clipboard. The browser has navigator.clipboard; the
   * desktop renderer does not (every permission is denied), so main writes it there.
   */
  copyText(text: string): Promise<void>;
}
