import fs from 'node:fs/promises';
import path from 'node:path';
import { VARIANT_FILE_PATTERN } from '@cabana/shared/api/media';
import { fsyncDir, writeNewFileSynced } from '../lib/durable-fs';
import { isRecordId } from '../lib/ids';
import { crashPoint } from '../lib/crash-points';

export interface VariantFile {
  name: string;
  data: Uint8Array;
}

/**
 * Crash-safe image files: variants are written and fsynced in `.staging/<id>/`, then the folder
 * is renamed into `images/<id>/` in one step. The record is written only after that, and removed
 * before the files, so a record never points at a missing file.
 */
export class ImageFiles {
  readonly imagesDir: string;
  readonly stagingDir: string;
  readonly uploadsDir: string;

  constructor(readonly dataDir: string) {
    this.imagesDir = path.join(dataDir, 'images');
    this.stagingDir = path.join(dataDir, '.staging');
    this.uploadsDir = path.join(dataDir, '.uploads');
  }

  async init(): Promise<void> {
    for (const dir of [this.imagesDir, this.stagingDir, this.uploadsDir]) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    }
  }

  async commit(id: string, files: readonly VariantFile[]): Promise<void> {
    if (!isRecordId(id)) throw new Error(`bad image id ${id}`);
    const staging = path.join(this.stagingDir, id);
    await fs.rm(staging, { recursive: true, force: true });
    await fs.mkdir(staging, { recursive: true });
    try {
      for (const f of files) {
        if (!VARIANT_FILE_PATTERN.test(f.name)) throw new Error(`bad variant name ${f.name}`);
        await writeNewFileSynced(path.join(staging, f.name), f.data, 0o644);
      }
      await fsyncDir(staging);
      crashPoint('images:variants-staged');
      await fs.rename(staging, path.join(this.imagesDir, id));
      await fsyncDir(this.imagesDir);
      await fsyncDir(this.stagingDir);
    } catch (err) {
      await fs.rm(staging, { recursive: true, force: true });
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    if (!isRecordId(id)) return;
    await fs.rm(path.join(this.imagesDir, id), { recursive: true, force: true });
  }

  /** Absolute path of a variant, or undefined when the id or name is not one we could have made. */
  resolve(id: string, file: string): string | undefined {
    if (!isRecordId(id) || !VARIANT_FILE_PATTERN.test(file)) return undefined;
    return path.join(this.imagesDir, id, file);
  }

  /** Start-up: removes crash leftovers and folders no record references (never a referenced one). */
  async sweep(referenced: ReadonlySet<string>): Promise<{ removed: string[] }> {
    const removed: string[] = [];
    for (const dir of [this.stagingDir, this.uploadsDir]) {
      for (const name of await fs.readdir(dir)) {
        await fs.rm(path.join(dir, name), { recursive: true, force: true });
        removed.push(path.join(path.basename(dir), name));
      }
    }
    for (const name of await fs.readdir(this.imagesDir)) {
      if (referenced.has(name)) continue;
      await fs.rm(path.join(this.imagesDir, name), { recursive: true, force: true });
      removed.push(path.join('images', name));
    }
    return { removed };
  }

  /** What a record's files take on disk, in bytes (a missing file counts nothing). */
  async sizeOf(id: string, files: readonly string[]): Promise<number> {
    let bytes = 0;
    for (const f of files) {
      const stat = await fs.stat(path.join(this.imagesDir, id, f)).catch(() => undefined);
      bytes += stat?.size ?? 0;
    }
    return bytes;
  }

  /** Files of a record that are missing on disk (should never happen; reported at start-up). */
  async missingFiles(id: string, files: readonly string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const f of files) {
      try {
        await fs.access(path.join(this.imagesDir, id, f));
      } catch {
        missing.push(f);
      }
    }
    return missing;
  }
}
