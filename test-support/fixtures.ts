import { fileURLToPath } from 'node:url';

/**
 * Files the tests of several workspaces read but cannot make themselves (CI has no HEIC encoder);
 * fixtures/README.md says how each was made.
 */
export const FIXTURES = {
  /** 320×240 HEVC-coded HEIC as an iPhone takes them: left half red, right half blue. */
  heicPhoto: fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url)),
  /** 8000×6000 of black in 11 KB: a decompression bomb for the pixel limit. */
  heicBomb: fileURLToPath(new URL('./fixtures/bomb-48mp.heic', import.meta.url)),
  /** 200×2000 of one colour: a strip, past the aspect limit. */
  heicStrip: fileURLToPath(new URL('./fixtures/strip-1x10.heic', import.meta.url)),
} as const;
