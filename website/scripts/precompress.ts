import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  COMPRESSIBLE_EXTENSIONS,
  MIN_COMPRESS_BYTES,
  PRECOMPRESSED_SUFFIX,
} from '@cabana/shared/domain/config/compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, at a cost
 * paid once here instead of by the server: it sends these as they are. A form that would not be
 * smaller is not written.
 */
export async function precompress(
  distDir: string,
): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  for await (const file of files(distDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    if (data.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    totals.files++;
    totals.bytes += data.length;
    if (br.length < data.length) {
      await writeFile(file + PRECOMPRESSED_SUFFIX.br, br);
      totals.br += br.length;
    }
    if (gz.length < data.length) {
      await writeFile(file + PRECOMPRESSED_SUFFIX.gzip, gz);
      totals.gzip += gz.length;
    }
  }
  return totals;
}
