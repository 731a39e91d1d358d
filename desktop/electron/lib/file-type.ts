import { open } from 'node:fs/promises';
import { acceptedImageKind, SNIFF_BYTES, type ImageKind } from '@cabana/shared/domain/images/sniff';

/** The accepted image kind of a file on disk, from its first bytes (the shared sniffer decides). */
export async function readImageKind(filePath: string): Promise<ImageKind | null> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return acceptedImageKind(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
