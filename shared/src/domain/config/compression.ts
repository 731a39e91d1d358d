/**
 * Which files travel compressed, shared by the website build (which writes `.br`/`.gz` beside
 * them) and the server (which sends those, or compresses once and keeps the result).
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.svg',
  '.ico',
  '.vtt',
]);

/** Below this, compression saves less than the header and a round of CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** Suffixes of the precompressed siblings, by Content-Encoding. */
export const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;
