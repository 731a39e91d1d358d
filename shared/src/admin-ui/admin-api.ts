import type { Image } from '../domain/schemas/image';
import type { SessionInfo } from '../domain/schemas/session';
import type { Api, PanelRouteName } from '../api/contract';
import type { RouteFunction } from '../api/client';

/** A file chosen in the panel, with the caption typed for it. */
export interface UploadRequest {
  file: File;
  title: string;
  description: string;
}

/** Upload progress as a fraction from 0 to 1. */
export type ProgressListener = (fraction: number) => void;

/**
 * The contract's rows the panel calls (`panel: true` in shared/api), one function each, named
 * as the row: the same input and answer on both hosts.
 */
export type PanelCalls = { [K in PanelRouteName]: RouteFunction<Api[K]> };

/**
 * Everything the admin panel needs from its host: the panel's contract rows, plus what each host
 * does its own way. The website implements it over HTTP with the session cookie; the desktop app
 * over its preload bridge (one generic channel for the rows; the token is kept in main).
 * Every method rejects with an ApiError (shared/api/errors) carrying a Spanish message;
 * status 401 means the session is gone and the panel goes back to sign-in.
 */
export interface AdminApi extends PanelCalls {
  /** Who is signed in, or null. */
  getSession(): Promise<SessionInfo | null>;
  login(email: string, password: string): Promise<SessionInfo>;
  logout(): Promise<void>;
  /** The owner's upload (published at once), with progress; hosts send the multipart body their own way. */
  uploadImage(req: UploadRequest, onProgress?: ProgressListener, signal?: AbortSignal): Promise<Image>;
  /**
   * Puts text (an export URL) on the system clipboard. The browser has navigator.clipboard; the
   * desktop renderer does not (every permission is denied), so main writes it there.
   */
  copyText(text: string): Promise<void>;
}
